import { DEV_TOOLS_TOKEN_HEADER, DEV_TOOLS_TOKEN_PARAM } from '@casaoferta/domain/dev-tools';
import { storageKeys } from './storage-keys';

/**
 * The development outbox's token (decision 027): a local start prints `/dev/outbox#token=…`; the page
 * keeps it in this browser and takes it out of the address bar (a fragment never reaches a server or its
 * logs). Every start prints a new one: an old token gets a 404 until the new link is opened.
 */
export function takeDevToolsToken(): string | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1)).get(DEV_TOOLS_TOKEN_PARAM);
  if (!fragment) return storedDevToolsToken();
  try {
    window.localStorage.setItem(storageKeys.devToolsToken, fragment);
  } catch {
    // Storage refused (private mode): the fragment still works for this visit.
  }
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return fragment;
}

/** The token kept by an earlier visit to the outbox's link, if any. */
export function storedDevToolsToken(): string | null {
  try {
    return window.localStorage.getItem(storageKeys.devToolsToken);
  } catch {
    return null;
  }
}

/** The header the outbox asks for, when there is a token. */
export const devToolsHeaders = (token: string | null): Record<string, string> =>
  token ? { [DEV_TOOLS_TOKEN_HEADER]: token } : {};
