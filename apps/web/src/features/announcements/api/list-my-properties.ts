import { useQuery } from '@tanstack/react-query';
import type { OwnerProperty } from '@casaoferta/domain/schemas/owner-listings';
import { apiRequest } from '../../../shared/api/client';
import { announcementApi, announcementKeys } from './keys';

/** One property of the caller, as GET /api/announcement/properties lists it. */
export type OwnerPropertySummary = OwnerProperty;

/** Silent: every screen uses it as a helper (title, validation note) and works without it. */
export const fetchMyProperties = (signal?: AbortSignal) =>
  apiRequest<OwnerPropertySummary[]>(announcementApi.properties, { signal, silent: true });

export const useMyProperties = () =>
  useQuery({ queryKey: announcementKeys.properties, queryFn: ({ signal }) => fetchMyProperties(signal) });
