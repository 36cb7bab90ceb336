import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import { apiRequest } from '../../../shared/api/client';
import type { AnnouncementKind } from '../kinds';
import { announcementApi, announcementKeys } from './keys';

/** Whatever the owner has filled so far; `id` continues an existing draft. */
export type DraftBody = Record<string, unknown> & { propertyId: string; id?: string };

/**
 * POST /api/announcement/draft, /sale/draft or /room-rental/draft → the draft (AST000). Save-as-you-go
 * calls are silent: the form's draft indicator tells the owner when one fails.
 */
export const saveDraft = (kind: AnnouncementKind, body: DraftBody, silent = false) =>
  apiRequest<OwnerAnnouncement>(announcementApi.draft[kind], { method: 'POST', body, silent });

export function useSaveDraft(kind: AnnouncementKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, silent }: { body: DraftBody; silent?: boolean }) => saveDraft(kind, body, silent),
    onSuccess: (saved) => {
      client.setQueryData(announcementKeys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: announcementKeys.inProgress });
    },
  });
}
