import { useQuery } from '@tanstack/react-query';
import type { PropertyPage } from '@casaoferta/domain/schemas/listings';
import { apiRequest } from '../../../shared/api/client';

/** What only the owner sees of their property, next to the public page. */
export interface PropertyOwnerData {
  streetNumber: string | null;
  door: string | null;
  postalCode: string | null;
  floorCode: string | null;
  blockCode: string | null;
  stageCode: string | null;
  validationStatus: string;
  validationReason: string | null;
}

export type OwnerProperty = PropertyPage & { owner?: PropertyOwnerData | null };

/** GET /api/property/{id}: the property page; for its owner with the `owner` block. */
export const getOwnerProperty = (id: string, signal?: AbortSignal) =>
  apiRequest<OwnerProperty>(`/api/property/${encodeURIComponent(id)}`, { signal, silent: true });

export const ownerPropertyKey = (id: string) => ['owner-property', id] as const;

export const useOwnerProperty = (id: string | undefined) =>
  useQuery({
    queryKey: ownerPropertyKey(id ?? ''),
    queryFn: ({ signal }) => getOwnerProperty(id ?? '', signal),
    enabled: Boolean(id),
  });
