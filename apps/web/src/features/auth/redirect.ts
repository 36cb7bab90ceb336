import { paths } from '../../shared/paths';

/** Query names of /login (SPEC 2.1). */
export const loginQuery = {
  register: 'register',
  redirectTo: 'redirectTo',
  afterAction: 'afterAction',
  from: 'from',
} as const;

/** Where a login ends when the query names no (valid) place. */
export const defaultLoginDestination = paths.announcementList;

/**
 * A redirect target from the query, only when it is a path of this site: it starts with one '/', and
 * once resolved (browsers drop tabs and newlines, read '\' as '/') it stays on this origin. Login pages
 * themselves are refused, so a logged user is never sent back to them in a loop.
 */
export function safeRedirectPath(
  value: string | null | undefined,
  fallback: string = defaultLoginDestination,
) {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return fallback;
  }
  if (url.origin !== window.location.origin) return fallback;
  // Dot segments resolve away ('/.//host' → '//host'): a result that starts with two slashes would be
  // read as another host by the browser when navigated to.
  if (url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) return fallback;
  if (url.pathname === paths.login || url.pathname === paths.loginAgents) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where to go after login: redirectTo (or `from`, the page the visitor came from), with the afterAction
 * the visitor had started carried along so that page can replay it (see consumeAfterAction).
 */
export function loginDestination(params: URLSearchParams): string {
  const target = safeRedirectPath(params.get(loginQuery.redirectTo) ?? params.get(loginQuery.from));
  const action = params.get(loginQuery.afterAction);
  // A heart's favourite is kept by the login itself (shared/favourites.ts): nothing to replay there.
  if (!action || action.startsWith('favourite:')) return target;
  const url = new URL(target, window.location.origin);
  url.searchParams.set(loginQuery.afterAction, action);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** An action started before login, e.g. 'make-offer:<announcementId>' → name and argument. */
export interface AfterAction {
  raw: string;
  name: string;
  argument: string | null;
}

export function parseAfterAction(raw: string | null): AfterAction | null {
  const value = raw?.trim();
  if (!value) return null;
  const colon = value.indexOf(':');
  if (colon === -1) return { raw: value, name: value, argument: null };
  return { raw: value, name: value.slice(0, colon), argument: value.slice(colon + 1) || null };
}

/**
 * Takes ?afterAction out of a query string. Returns the action and the query without it: replace the
 * URL with that query so a reload or a back navigation does not replay the action.
 */
export function consumeAfterAction(search: string): { action: AfterAction | null; search: string } {
  const params = new URLSearchParams(search);
  const action = parseAfterAction(params.get(loginQuery.afterAction));
  params.delete(loginQuery.afterAction);
  const rest = params.toString();
  return { action, search: rest ? `?${rest}` : '' };
}
