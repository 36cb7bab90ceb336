import { storageKeys } from '../storage-keys';

/**
 * "Your session has expired", carried across the page load that follows a 401 (SPEC 8), so the login
 * page can say why the person is there. Session storage: this tab only, gone with the tab.
 */
export function markSessionExpired(): void {
  try {
    sessionStorage.setItem(storageKeys.sessionExpired, 'true');
  } catch {
    // Storage blocked: the login page simply does not say why.
  }
}

/** Whether the last page ended because the session did (read while rendering, no side effect). */
export function sessionExpiredNotice(): boolean {
  try {
    return sessionStorage.getItem(storageKeys.sessionExpired) === 'true';
  } catch {
    return false;
  }
}

/** Said once: the next login page does not repeat it. */
export function clearSessionExpired(): void {
  try {
    sessionStorage.removeItem(storageKeys.sessionExpired);
  } catch {
    // Nothing stored.
  }
}
