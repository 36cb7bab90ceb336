import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadServerRenderedPage } from './app/routes';

/**
 * Starts the app in #root. A page the API rendered on the server (entry-server.tsx) is hydrated once
 * its page chunk has loaded: the same nodes stay, nothing repaints. Other pages render here.
 *
 * Hydration runs as a transition: React hydrates in slices of a few milliseconds and lets the browser
 * handle input between them, instead of one long task for the whole page (a default-priority hydration
 * is not interruptible). A click on a part not yet hydrated makes React hydrate that part first.
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
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App serverRendered />
        </StrictMode>,
      );
    });
  // In a task of its own: the task that ran the app's code does not also start the page's.
  setTimeout(() => void preloadServerRenderedPage(window.location.pathname).then(hydrate, hydrate), 0);
}
