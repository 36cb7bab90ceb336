import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import { apiRequest } from '../../../shared/api/client';
import type { AnnouncementKind } from '../kinds';
import { announcementApi, announcementKeys } from './keys';
import { saveDraft } from './save-draft';

export type AnnouncementBody = Record<string, unknown> & { propertyId: string };

/**
 * The complete form. With an id: PUT /api/announcement/{id}[/sale|/room-rental]. Without: POST /sale or
 * /room-rental; a new whole-home rental has no create call, so its draft is posted first and then PUT.
 */
export async function saveAnnouncement(
  kind: AnnouncementKind,
  id: string | undefined,
  body: AnnouncementBody,
): Promise<OwnerAnnouncement> {
  if (id) return apiRequest<OwnerAnnouncement>(announcementApi.update(kind, id), { method: 'PUT', body });
  if (kind === 'alquiler') {
    const draft = await saveDraft(kind, body);
    return apiRequest<OwnerAnnouncement>(announcementApi.update(kind, draft.id), { method: 'PUT', body });
  }
  return apiRequest<OwnerAnnouncement>(announcementApi.create[kind], { method: 'POST', body });
}

export function useSaveAnnouncement(kind: AnnouncementKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | undefined; body: AnnouncementBody }) =>
      saveAnnouncement(kind, id, body),
    onSuccess: (saved) => {
      client.setQueryData(announcementKeys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: announcementKeys.all });
    },
  });
}
