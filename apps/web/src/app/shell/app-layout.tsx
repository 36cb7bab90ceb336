import { Outlet } from 'react-router';
import { Suspense, lazy } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { PageLoading } from '../../shared/ui/page-loading';
import { RouteErrorBoundary } from '../route-error-boundary';
import { useSession } from '../../shared/session';
import { ErrorBoundary } from '../../shared/ui/error-boundary';
import { Toaster } from '../../shared/ui/toaster';
import { useMounted } from '../../shared/use-mounted';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { ChatButton } from './chat-button';
import { ShellOverlays } from './shell-overlays';
import { shellTexts } from './texts';

// Agents only: loaded when the session says an agent is logged, never on a visitor's first load.
// The agent bar and its Options sheet (app/shell/agent-bar.tsx).
const AgentBanner = lazy(() => import('./agent-bar'));
// Mounted after hydration (BrowserOverlays): their code need not be in the first load either.
const CookieBanner = lazy(() => import('./cookie-banner').then((m) => ({ default: m.CookieBanner })));
const Tutorial = lazy(() => import('./tutorial').then((m) => ({ default: m.Tutorial })));

/** Shell extras in chunks of their own: one that fails to load is left out, never the whole page. */
function Optional({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  );
}

function AgentBannerSlot() {
  const { isAgent } = useSession();
  if (!isAgent) return null;
  return (
    <Optional>
      <AgentBanner />
    </Optional>
  );
}

export interface AppLayoutProps {
  /** The session's logout; without it the side menu shows no 'Cerrar sesión'. */
  onLogout?: () => void;
}

const MAIN_ID = 'main';

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

/**
 * The overlays read browser storage: left out of the server-rendered markup (entry-server.tsx) and
 * mounted right after hydration. Their own component, so that switch re-renders only them: were it the
 * layout, the page under it (still being hydrated in slices, boot.tsx) would be hydrated at once in one
 * long task.
 */
function BrowserOverlays({ onLogout }: AppLayoutProps) {
  const mounted = useMounted();
  if (!mounted) return null;
  return (
    <>
      <Optional>
        <ShellOverlays onLogout={onLogout} />
      </Optional>
      <Optional>
        <CookieBanner />
      </Optional>
      <Optional>
        <Tutorial />
      </Optional>
    </>
  );
}

/** Shell of every page: header, main content (the matched route), footer and global overlays. */
export function AppLayout({ onLogout }: AppLayoutProps) {
  return (
    <div className="app">
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToContent}>
        {shellTexts.skipLink}
      </a>
      <AppHeader />
      <AgentBannerSlot />
      <main id={MAIN_ID} className="app__main" tabIndex={-1}>
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <AppFooter />
      <BrowserOverlays onLogout={onLogout} />
      <ChatButton />
      <Toaster />
    </div>
  );
}
