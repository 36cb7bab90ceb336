import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authTokens } from '../shared/api/auth-tokens';
import { setUnauthorizedHandler } from '../shared/api/client';
import { logout as logoutEverywhere, logoutDestination } from './logout';
import { clearQueryCache } from '../shared/api/query-cache';
import { SessionActionsContext, SessionContext, anonymousSession } from '../shared/session';
import type { Session, SessionActions } from '../shared/session';
import { loadSession } from './session-load';
import { clearImpersonation } from '../shared/session-storage';
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

  useEffect(() => {
    if (!authTokens.main()) return;
    let cancelled = false;
    void loadSession().then((loaded) => {
      if (!cancelled) setSession(loaded);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  // Login and impersonation change who the app acts for: nothing cached for the previous one stays.
  const refresh = useCallback(async () => {
    clearQueryCache();
    setSession(await loadSession());
  }, []);

  const stopImpersonating = useCallback(async () => {
    clearImpersonation();
    clearQueryCache();
    setSession(await loadSession());
  }, []);

  const { isAgent } = session;
  const logout = useCallback(async () => {
    await logoutEverywhere();
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
