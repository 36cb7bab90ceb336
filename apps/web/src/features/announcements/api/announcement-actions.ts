import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import { apiRequest } from '../../../shared/api/client';
import { showToast } from '../../../shared/ui/toast-store';
import { announcementTexts } from '../texts';
import { announcementApi, announcementKeys } from './keys';

/**
 * The lifecycle calls of one announcement (SPEC 7.3), one entry per endpoint. Each answers the updated
 * announcement ({discarded:true} for a discarded draft); 409 INVALID_STATE and 422 PROPERTY_NOT_VALIDATED
 * are shown by the API client as error toasts.
 */
export const lifecycleEndpoints = {
  publish: { method: 'POST', path: announcementApi.publish },
  withdraw: { method: 'POST', path: announcementApi.withdraw },
  discardDraft: { method: 'POST', path: announcementApi.discardDraft },
  closeBidding: { method: 'PUT', path: announcementApi.closeBidding },
  reactivate: { method: 'PUT', path: announcementApi.reactivate },
  requestReview: { method: 'PUT', path: announcementApi.requestReview },
} as const satisfies Record<string, { method: 'POST' | 'PUT'; path: (id: string) => string }>;

export type LifecycleAction = keyof typeof lifecycleEndpoints;
export type LifecycleResult = OwnerAnnouncement | { discarded: true };

export function runLifecycleAction(action: LifecycleAction, id: string): Promise<LifecycleResult> {
  const endpoint = lifecycleEndpoints[action];
  return apiRequest<LifecycleResult>(endpoint.path(id), { method: endpoint.method });
}

/** Runs an action, confirms it with a toast (the SPEC 8 one, or the action's own) and refreshes every owner list. */
export function useLifecycleAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: LifecycleAction; id: string }) => runLifecycleAction(action, id),
    onSuccess: (_result, { action }) => {
      showToast(announcementTexts.actions.done[action] ?? announcementTexts.modified, 'success');
      void client.invalidateQueries({ queryKey: announcementKeys.all });
    },
  });
}
