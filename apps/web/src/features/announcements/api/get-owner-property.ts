import { useQuery } from '@tanstack/react-query';
import type { PropertyPage } from '@casaoferta/domain/schemas/listings';
import { apiRequest } from '../../../shared/api/client';
import { announcementApi, announcementKeys } from './keys';

/** The owner-only block of GET /api/property/{id}; every field read defensively. */
export interface PropertyOwnerBlock {
  validationStatus?: string;
  validationReason?: string | null;
  streetNumber?: string | null;
  door?: string | null;
  postalCode?: string | null;
}

export type OwnerPropertyPage = PropertyPage & { owner?: PropertyOwnerBlock | null };

/** GET /api/property/{id}: the property page, with the `owner` block when the caller owns it. */
export const fetchOwnerProperty = (id: string, signal?: AbortSignal) =>
  apiRequest<OwnerPropertyPage>(announcementApi.property(id), { signal });

export const useOwnerProperty = (id: string) =>
  useQuery({ queryKey: announcementKeys.property(id), queryFn: ({ signal }) => fetchOwnerProperty(id, signal) });
