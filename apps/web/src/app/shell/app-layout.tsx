import { Outlet } from 'react-router';
import type { MouseEvent } from 'react';
import { Toaster } from '../../shared/ui/toaster';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { ChatButton } from './chat-button';
import { CookieBanner } from './cookie-banner';
import { ShellOverlays } from './shell-overlays';
import { shellTexts } from './texts';
import { Tutorial } from './tutorial';

export interface AppLayoutProps {
  /** Wired by the lead; without it the side menu shows no 'Cerrar sesión'. */
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
  return (
    <div className="app">
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToContent}>
        {shellTexts.skipLink}
      </a>
      <AppHeader />
      <main id={MAIN_ID} className="app__main" tabIndex={-1}>
        <Outlet />
      </main>
      <AppFooter />
      <ShellOverlays onLogout={onLogout} />
      <CookieBanner />
      <Tutorial />
      <ChatButton />
      <Toaster />
    </div>
  );
}
