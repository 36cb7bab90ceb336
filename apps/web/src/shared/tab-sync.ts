import type { ImpersonatedUser } from '@casaoferta/domain/schemas/auth';
import { parseJsonObject } from './json-object';
import { storageKeys } from './storage-keys';

/**
 * One session in every tab (SPEC 3's tab-sync state, issue 23). The main token lives in local storage,
 * so a login or a logout in one tab reaches the others through the browser's `storage` event on its key.
 * An agent's impersonation lives in each tab's session storage (SPEC 4.7), which other tabs do not see:
 * its start and end are told through the tab-sync key, written and removed at once (a message, not
 * state: the temporary token does not stay in local storage).
 */
export type TabSyncMessage =
  { type: 'impersonation-start'; token: string; user: ImpersonatedUser } | { type: 'impersonation-end' };

/** What another tab did to the session. */
export type OtherTabChange = { type: 'logged-out' } | { type: 'logged-in' } | TabSyncMessage;

/** Tells the other tabs; the tab that writes gets no event of its own. */
export function tellOtherTabs(message: TabSyncMessage): void {
  try {
    // `at` makes every message a change, so the same message twice is still an event.
    localStorage.setItem(
      storageKeys.tabSync,
      JSON.stringify({ ...message, at: Date.now(), n: Math.random() }),
    );
    localStorage.removeItem(storageKeys.tabSync);
  } catch {
    // Storage blocked: this tab alone, as before.
  }
}

const isNullableString = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

/** The impersonated user's info from parsed JSON; anything malformed reads as none (zod stays off the first load). */
export function toImpersonatedUser(value: unknown): ImpersonatedUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (
    typeof v.id !== 'string' ||
    typeof v.name !== 'string' ||
    typeof v.surname !== 'string' ||
    !isNullableString(v.countryCode) ||
    !isNullableString(v.phoneNumber) ||
    typeof v.isBlocked !== 'boolean' ||
    typeof v.isVerified !== 'boolean'
  ) {
    return null;
  }
  return {
    id: v.id,
    name: v.name,
    surname: v.surname,
    countryCode: v.countryCode,
    phoneNumber: v.phoneNumber,
    isBlocked: v.isBlocked,
    isVerified: v.isVerified,
  };
}

function readMessage(raw: string): TabSyncMessage | null {
  const v = parseJsonObject(raw);
  if (v?.type === 'impersonation-end') return { type: 'impersonation-end' };
  if (v?.type !== 'impersonation-start' || typeof v.token !== 'string' || !v.token) return null;
  const user = toImpersonatedUser(v.user);
  return user && { type: 'impersonation-start', token: v.token, user };
}

/** What a `storage` event from another tab means for the session, if anything. */
export function readOtherTabChange(
  event: StorageEvent,
  storage: Storage = localStorage,
): OtherTabChange | null {
  if (event.storageArea !== storage) return null;
  // Everything cleared at once (the browser's site data): logged out if the token went with it.
  if (event.key === null) return storage.getItem(storageKeys.bearerToken) ? null : { type: 'logged-out' };
  if (event.key === storageKeys.bearerToken) {
    if (event.newValue === event.oldValue) return null;
    return event.newValue ? { type: 'logged-in' } : { type: 'logged-out' };
  }
  if (event.key === storageKeys.tabSync && event.newValue) return readMessage(event.newValue);
  return null;
}

/** Calls `onChange` for each change another tab makes to the session. Returns what stops listening. */
export function watchOtherTabs(onChange: (change: OtherTabChange) => void): () => void {
  const listener = (event: StorageEvent) => {
    let change: OtherTabChange | null;
    try {
      change = readOtherTabChange(event);
    } catch {
      return;
    }
    if (change) onChange(change);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
