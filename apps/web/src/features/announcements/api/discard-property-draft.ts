import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { storageKeys } from '../../../shared/storage-keys';
import { showToast } from '../../../shared/ui/toast-store';
import { announcementTexts } from '../texts';
import { announcementApi } from './keys';

/** DELETE /api/property/{id}: throws away a property never sent to validation (decision 008). */
export const discardPropertyDraft = (id: string) =>
  apiRequest<{ deleted: true }>(announcementApi.property(id), { method: 'DELETE' });

/** The property form keeps its last draft in local storage: it must not bring back a discarded one. */
function forgetStoredForm(id: string) {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKeys.newPropertyDraft) ?? 'null');
    if ((stored as { id?: unknown } | null)?.id === id) localStorage.removeItem(storageKeys.newPropertyDraft);
  } catch {
    // Unreadable storage holds nothing of this property.
  }
}

/**
 * Discards a property draft and confirms it with a toast; the caller then refreshes its list or leaves
 * the page of the property that no longer exists. Errors (409, 404) are the API client's toasts.
 */
export function useDiscardPropertyDraft() {
  return useMutation({
    mutationFn: (id: string) => discardPropertyDraft(id),
    onSuccess: (_result, id) => {
      forgetStoredForm(id);
      showToast(announcementTexts.propertyDraft.discarded, 'success');
    },
  });
}
