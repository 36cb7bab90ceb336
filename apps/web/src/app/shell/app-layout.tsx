import { Outlet } from 'react-router';
import { Suspense, lazy } from 'react';
import type { MouseEvent } from 'react';
import { useSession } from '../session';
import { Toaster } from '../../shared/ui/toaster';
import { useMounted } from '../../shared/use-mounted';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { ChatButton } from './chat-button';
import { CookieBanner } from './cookie-banner';
import { ShellOverlays } from './shell-overlays';
import { shellTexts } from './texts';
import { Tutorial } from './tutorial';

// Agents only: loaded when the session says an agent is logged, never on a visitor's first load.
const AgentBanner = lazy(() =>
  import('../../features/agents/components/agent-banner').then((module) => ({ default: module.AgentBanner })),
);

function AgentBannerSlot() {
  const { isAgent } = useSession();
  if (!isAgent) return null;
  return (
    <Suspense fallback={null}>
      <AgentBanner />
    </Suspense>
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

/** Shell of every page: header, main content (the matched route), footer and global overlays. */
export function AppLayout({ onLogout }: AppLayoutProps) {
  // The overlays read browser storage: left out of the server-rendered markup (entry-server.tsx).
  const mounted = useMounted();
  return (
    <div className="app">
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToContent}>
        {shellTexts.skipLink}
      </a>
      <AppHeader />
      <AgentBannerSlot />
      <main id={MAIN_ID} className="app__main" tabIndex={-1}>
        <Outlet />
      </main>
      <AppFooter />
      {mounted && (
        <>
          <ShellOverlays onLogout={onLogout} />
          <CookieBanner />
          <Tutorial />
        </>
      )}
      <ChatButton />
      <Toaster />
    </div>
  );
}
