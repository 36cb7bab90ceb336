import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import { apiRequest } from '../../../shared/api/client';
import type { AnnouncementKind } from '@casaoferta/domain/announcement-kind';
import { announcementApi, announcementKeys } from './keys';

export type AnnouncementBody = Record<string, unknown> & { propertyId: string };

/**
 * The complete form: PUT /api/announcement/{id}[/sale|/room-rental]. A new announcement's draft is
 * saved first (under the id the form chose), so the complete save always updates that one row.
 */
export const saveAnnouncement = (kind: AnnouncementKind, id: string, body: AnnouncementBody) =>
  apiRequest<OwnerAnnouncement>(announcementApi.update(kind, id), { method: 'PUT', body });

export function useSaveAnnouncement(kind: AnnouncementKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AnnouncementBody }) => saveAnnouncement(kind, id, body),
    onSuccess: (saved) => {
      client.setQueryData(announcementKeys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: announcementKeys.all });
    },
  });
}
