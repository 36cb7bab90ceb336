import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { authTokens } from '../shared/api/auth-tokens';
import { setUnauthorizedHandler } from '../shared/api/client';
import { clearLocalSession, logout as logoutEverywhere, logoutDestination } from './logout';
import { clearQueryCache } from '../shared/api/query-cache';
import { SessionActionsContext, SessionContext, anonymousSession } from '../shared/session';
import type { Session, SessionActions } from '../shared/session';
import { loadSession } from './session-load';
import { clearImpersonation } from '../shared/session-storage';
import { watchOtherTabs } from '../shared/tab-sync';
import { createUnauthorizedHandler } from './unauthorized';

/** Before the check: known anonymous without a token, otherwise unchecked until the profile loads. */
const initialSession = (): Session =>
  authTokens.main() ? { ...anonymousSession, checked: false, hasToken: true } : anonymousSession;

export interface SessionProviderProps {
  children: ReactNode;
  /** Tests replace the page load that follows a 401: `to`, or the same page again. */
  reload?: (to?: string) => void;
  /** Hydrating a server-rendered page: start as the server did (anonymous); the token is checked next. */
  startAnonymous?: boolean;
}

const reloadPage = (to?: string) => (to ? window.location.assign(to) : window.location.reload());

/**
 * Owns the session (SPEC 2.2, 3, 4.7, 8): checks a stored token once, restores an impersonation from
 * session storage, handles 401 answers and offers refresh, logout and stop-impersonating to pages.
 * Needs to sit inside the router (logout navigates to /login).
 */
export function SessionProvider({
  children,
  reload = reloadPage,
  startAnonymous = false,
}: SessionProviderProps) {
  const [session, setSession] = useState<Session>(startAnonymous ? anonymousSession : initialSession);
  const checkedRef = useRef(session.checked);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const pathRef = useRef(`${pathname}${search}`);

  // In the commit itself (not after it): a 401 answered right after the check must already see it.
  useLayoutEffect(() => {
    checkedRef.current = session.checked;
  }, [session.checked]);
  useLayoutEffect(() => {
    pathRef.current = `${pathname}${search}`;
  }, [pathname, search]);

  useEffect(() => {
    const handler = createUnauthorizedHandler({
      isChecked: () => checkedRef.current,
      currentPath: () => pathRef.current,
      reload,
    });
    setUnauthorizedHandler(handler);
    return () => setUnauthorizedHandler(null);
  }, [reload]);

  // Each load, logout or change from another tab takes a new number: a load answered after a later
  // change (another tab logged out meanwhile) is dropped.
  const generation = useRef(0);
  const load = useCallback(async () => {
    const mine = ++generation.current;
    const loaded = await loadSession();
    if (mine === generation.current) setSession(loaded);
  }, []);

  useEffect(() => {
    if (!authTokens.main()) return;
    void load();
    return () => {
      generation.current += 1;
    };
  }, [load]);

  // Login and impersonation change who the app acts for: nothing cached for the previous one stays.
  const refresh = useCallback(async () => {
    clearQueryCache();
    await load();
  }, [load]);

  const stopImpersonating = useCallback(async () => {
    clearImpersonation();
    clearQueryCache();
    await load();
  }, [load]);

  // Issue 23: a login or a logout in another tab shows here at once (tab-sync.ts).
  useEffect(
    () =>
      watchOtherTabs((change) => {
        if (change.type === 'logged-out') {
          generation.current += 1;
          // The page first (a page that needs login leaves for /login, with no error of its own
          // requests), then what the session left in this tab: its cache, menus, impersonation.
          flushSync(() => setSession(anonymousSession));
          clearLocalSession();
          return;
        }
        // Logged in there (as someone, perhaps someone else): this tab's impersonation ends too.
        clearImpersonation();
        clearQueryCache();
        void load();
      }),
    [load],
  );

  const { isAgent } = session;
  const logout = useCallback(async () => {
    await logoutEverywhere();
    generation.current += 1;
    const destination = logoutDestination(isAgent);
    if (destination.external) {
      window.location.assign(destination.href);
      return;
    }
    // One transition (the router updates its location in one): the route and the session change in the
    // same render, so no guard sees a logged-out session on the old page and redirects elsewhere.
    startTransition(() => {
      navigate(destination.href, { replace: true });
      setSession(anonymousSession);
    });
  }, [navigate, isAgent]);

  const actions = useMemo<SessionActions>(
    () => ({ refresh, logout, stopImpersonating }),
    [refresh, logout, stopImpersonating],
  );

  return (
    <SessionContext.Provider value={session}>
      <SessionActionsContext.Provider value={actions}>{children}</SessionActionsContext.Provider>
    </SessionContext.Provider>
  );
}
