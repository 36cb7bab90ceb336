import { storageKeys } from './storage-keys';

/**
 * One session in every tab (issue 23). The main token lives in local storage, so a login or a logout in
 * one tab reaches the others through the browser's `storage` event on its key. An agent's impersonation
 * lives in each tab's session storage (SPEC 4.7): it stays the tab's own, and a login or logout elsewhere
 * ends it here too.
 */
export type OtherTabChange = { type: 'logged-out' } | { type: 'logged-in' };

/** What a `storage` event from another tab means for the session, if anything. */
export function readOtherTabChange(
  event: StorageEvent,
  storage: Storage = localStorage,
): OtherTabChange | null {
  if (event.storageArea !== storage) return null;
  // Everything cleared at once (the browser's site data): logged out if the token went with it.
  if (event.key === null) return storage.getItem(storageKeys.bearerToken) ? null : { type: 'logged-out' };
  if (event.key !== storageKeys.bearerToken || event.newValue === event.oldValue) return null;
  return event.newValue ? { type: 'logged-in' } : { type: 'logged-out' };
}

/** Calls `onChange` for each change another tab makes to the session. Returns what stops listening. */
export function watchOtherTabs(onChange: (change: OtherTabChange) => void): () => void {
  const listener = (event: StorageEvent) => {
    const change = readOtherTabChange(event);
    if (change) onChange(change);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
