import { useQuery } from '@tanstack/react-query';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import { apiRequest } from '../../../shared/api/client';
import { announcementApi, announcementKeys } from './keys';

/** GET /api/announcement/{id}: one of the caller's announcements, with its kind's fields in `details`. */
export const fetchAnnouncement = (id: string, signal?: AbortSignal) =>
  apiRequest<OwnerAnnouncement>(announcementApi.one(id), { signal });

/** Loads the announcement when `id` is given; idle otherwise (a new announcement). */
export function useAnnouncement(id: string | undefined) {
  return useQuery({
    queryKey: announcementKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchAnnouncement(id ?? '', signal),
    enabled: Boolean(id),
  });
}
