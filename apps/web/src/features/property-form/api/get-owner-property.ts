import { useQuery } from '@tanstack/react-query';
import type { PropertyPage } from '@casaoferta/domain/schemas/listings';
import { apiRequest } from '../../../shared/api/client';

/** GET /api/property/{id} as its owner sees it: `owner` carries the exact address and the validation. */
export type OwnerProperty = PropertyPage;

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
