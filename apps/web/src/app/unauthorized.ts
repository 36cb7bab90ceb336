import { apiRequest } from '../shared/api/client';
import type { UnauthorizedHandler } from '../shared/api/client';
import { markSessionExpired } from '../shared/api/session-expiry';
import { storageKeys } from '../shared/storage-keys';
import { clearLocalSession } from './logout';
import { isProtectedPath, paths } from '../shared/paths';
import { clearImpersonation, clearMainToken } from '../shared/session-storage';

export const blockedStatusPath = '/api/authentication/users/blocked-status';

async function isBlocked(token: string): Promise<boolean> {
  try {
    const status = await apiRequest<{ isBlocked: boolean }>(blockedStatusPath, { token, silent: true });
    return status.isBlocked;
  } catch {
    return false;
  }
}

/**
 * SPEC 4.7 and 8: a 401 checks the blocked status with the token that failed. A blocked user is logged
 * out locally; otherwise the bad token is dropped. Either way the page reloads: a session that ended on
 * a page that needs login loads /login?redirectTo=<that page> instead, which says the session has
 * expired and leads back after the login (what was typed in a form is kept in its browser draft).
 * Before the profile is checked the session loader deals with failures itself, and a 401 for a token
 * no longer stored (logout in progress, another tab) is stale and ignored.
 */
export function createUnauthorizedHandler(options: {
  isChecked: () => boolean;
  /** The app's path and query now. */
  currentPath: () => string;
  /** Loads `to`, or reloads the page without it. */
  reload: (to?: string) => void;
}): UnauthorizedHandler {
  let handling = false;
  return async ({ token }) => {
    if (!token || handling || !options.isChecked()) return;
    const main = localStorage.getItem(storageKeys.bearerToken);
    const temp = sessionStorage.getItem(storageKeys.tempBearerToken);
    if (token !== main && token !== temp) return;
    handling = true;
    if (await isBlocked(token)) {
      clearLocalSession();
    } else if (token === temp && temp !== main) {
      // The agent's temporary session ended: the agent is himself again, on the same page.
      clearImpersonation();
    } else {
      clearMainToken();
      const path = options.currentPath();
      if (isProtectedPath(path)) {
        markSessionExpired();
        options.reload(paths.loginWith({ redirectTo: path }));
        return;
      }
    }
    options.reload();
  };
}
