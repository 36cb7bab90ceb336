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
export const fetchOwnerProperty = (id: string, signal?: AbortSignal, silent = false) =>
  apiRequest<OwnerPropertyPage>(announcementApi.property(id), { signal, silent });

/** `silent` where the page is only a helper (the forms' automatic title): no error toast. */
export const useOwnerProperty = (id: string, { silent = false }: { silent?: boolean } = {}) =>
  useQuery({
    queryKey: announcementKeys.property(id),
    queryFn: ({ signal }) => fetchOwnerProperty(id, signal, silent),
  });
