import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../shared/ui/page-loading';
import { isProtectedPath, paths } from '../shared/paths';
import { useSession } from '../shared/session';

/** SPEC 2.2: a visitor who needs to log in goes to /login?redirectTo=<original path and query>. */
export const loginRedirect = (redirectTo: string): string => paths.loginWith({ redirectTo });

/**
 * SPEC 2.2 for protected paths: waits for the session check, then sends visitors to login. Pages not
 * built yet pass `fallback` (the /404 redirect), which is also what any unknown public path renders.
 */
export function RequireLogin({ fallback, children }: { fallback?: ReactNode; children?: ReactNode }) {
  const { pathname, search } = useLocation();
  const session = useSession();
  if (isProtectedPath(pathname)) {
    if (!session.checked) return <PageLoading />;
    if (!session.logged) return <Navigate to={loginRedirect(`${pathname}${search}`)} replace />;
  }
  return <>{children ?? fallback}</>;
}

/** SPEC 2.2: /agents-menu needs a valid agent session, otherwise /login-agents. */
export function RequireAgent({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session.checked) return <PageLoading />;
  if (!session.isAgent) return <Navigate to={paths.loginAgents} replace />;
  return <>{children}</>;
}

/** SPEC 2.2: a logged-in agent opening /login-agents goes to /agents-menu. */
export function RedirectLoggedAgent({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session.checked) return <PageLoading />;
  if (session.isAgent) return <Navigate to={paths.agentsMenu} replace />;
  return <>{children}</>;
}

/**
 * SPEC 2.1's "/" takes a logged user to their announcements; a visitor sees `children` there (the
 * catalogue, issue 23), rendered by the server too: the first screen of a visit is never the login.
 */
export function HomeRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session.checked) return <PageLoading />;
  if (session.logged) return <Navigate to={paths.announcementList} replace />;
  return <>{children}</>;
}
