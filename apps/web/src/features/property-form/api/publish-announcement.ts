import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import { apiRequest } from '../../../shared/api/client';
import { ownerAnnouncementKey } from './get-owner-announcement';

/**
 * POST /api/announcement/{id}/publish → the announcement pending validation (AST002). Fails with 422
 * PROPERTY_NOT_VALIDATED, PROPERTY_REJECTED or ANNOUNCEMENT_INCOMPLETE, or 409 INVALID_STATE; silent,
 * the page explains each.
 */
export const publishAnnouncement = (id: string) =>
  apiRequest<OwnerAnnouncement>(`/api/announcement/${encodeURIComponent(id)}/publish`, {
    method: 'POST',
    silent: true,
  });

export function usePublishAnnouncement(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => publishAnnouncement(id),
    onSuccess: (announcement) => client.setQueryData(ownerAnnouncementKey(id), announcement),
  });
}
