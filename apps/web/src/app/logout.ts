import { coreErrorMessages } from '@casaoferta/domain/errors-core';
import { apiRequest } from '../shared/api/client';
import { runtimeConfig } from '../shared/runtime-config';
import { storageKeys } from '../shared/storage-keys';
import { clearToasts, showToast } from '../shared/ui/toast-store';
import { paths } from '../shared/paths';
import { clearQueryCache } from '../shared/api/query-cache';
import { closePublishChooser, closeSideMenu } from '../shared/shell-state';
import { setChatSubject } from '../shared/chat-subject';

/**
 * Keys logout keeps. The cookie choice and the tutorial-done flag describe this device, not the account:
 * wiping them would bring back the cookie banner and the tutorial for whoever uses the browser next,
 * and the cookie choice is a consent record we must honour until the person changes it.
 */
// Of the device, not of the account: the cookie choice, the tutorial, and the local start's outbox token
// (a developer logs out to log in as another demo person and still needs the outbox).
const deviceKeys: ReadonlySet<string> = new Set([
  storageKeys.cookiePreferences,
  storageKeys.tutorialDone,
  storageKeys.devToolsToken,
]);

function clearCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (!name) continue;
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}

/** SPEC 4.7: clears the in-memory stores, the account's storage keys and the cookies. */
export function clearLocalSession(): void {
  clearToasts();
  clearQueryCache();
  closeSideMenu();
  closePublishChooser();
  setChatSubject(null);
  for (const key of Object.values(storageKeys)) {
    if (deviceKeys.has(key)) continue;
    localStorage.removeItem(key);
    sessionStorage.removeItem(key);
  }
  clearCookies();
}

/**
 * Where logout ends: an agent on the agents' login; anyone else on the public site when on the
 * production app host, else on the login page (SPEC 4.7).
 */
export function logoutDestination(isAgent = false): { href: string; external: boolean } {
  if (isAgent) return { href: paths.loginAgents, external: false };
  const { appHost } = runtimeConfig;
  if (appHost && window.location.host === appHost) {
    return { href: `https://${appHost}${paths.about}`, external: true };
  }
  return { href: paths.login, external: false };
}

/**
 * Logs out: local clean-up, then the logout endpoint for the tokens that were stored (an agent acting
 * as someone also ends the temporary session). A server failure is told but the logout still happens.
 */
export async function logout(): Promise<void> {
  const main = localStorage.getItem(storageKeys.bearerToken);
  const temp = sessionStorage.getItem(storageKeys.tempBearerToken);
  clearLocalSession();
  const call = (token: string) =>
    apiRequest<{ loggedOut: boolean }>('/api/logout', { method: 'POST', token, silent: true });
  const [mainResult] = await Promise.allSettled([
    main ? call(main) : Promise.resolve(null),
    temp && temp !== main ? call(temp) : Promise.resolve(null),
  ]);
  if (mainResult.status === 'rejected') showToast(coreErrorMessages.LOGOUT_FAILED, 'error');
}
