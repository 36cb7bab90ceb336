import { useQuery } from '@tanstack/react-query';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import { apiRequest } from '../../../shared/api/client';
import { announcementApi, announcementKeys } from './keys';

/** GET /api/announcement/in-progress: every announcement of the caller, in every state. */
export const fetchMyAnnouncements = (signal?: AbortSignal) =>
  apiRequest<OwnerAnnouncement[]>(announcementApi.inProgress, { signal });

export const useMyAnnouncements = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: announcementKeys.inProgress,
    queryFn: ({ signal }) => fetchMyAnnouncements(signal),
    enabled,
  });
