import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadServerRenderedPage } from './app/routes';

/**
 * Starts the app in #root. A page the API rendered on the server (entry-server.tsx) is hydrated once
 * its page chunk has loaded: the same nodes stay, nothing repaints. Other pages render here.
 */
export function boot(root: HTMLElement, serverRendered: boolean): void {
  if (!serverRendered) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    return;
  }
  const hydrate = () =>
    hydrateRoot(
      root,
      <StrictMode>
        <App serverRendered />
      </StrictMode>,
    );
  preloadServerRenderedPage(window.location.pathname).then(hydrate, hydrate);
}
