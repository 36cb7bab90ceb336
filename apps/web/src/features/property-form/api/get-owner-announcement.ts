import { useQuery } from '@tanstack/react-query';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import { apiRequest } from '../../../shared/api/client';

/** GET /api/announcement/{id}: the owner's view of the announcement, with the actions allowed. */
export const getOwnerAnnouncement = (id: string, signal?: AbortSignal) =>
  apiRequest<OwnerAnnouncement>(`/api/announcement/${encodeURIComponent(id)}`, { signal, silent: true });

export const ownerAnnouncementKey = (id: string) => ['owner-announcement', id] as const;

export const useOwnerAnnouncement = (id: string | null) =>
  useQuery({
    queryKey: ownerAnnouncementKey(id ?? ''),
    queryFn: ({ signal }) => getOwnerAnnouncement(id ?? '', signal),
    enabled: Boolean(id),
  });
