import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { SessionProvider } from './session-provider';
import { AppRoutes } from './routes';

export interface AppProps {
  /**
   * The page came rendered by the server (as an anonymous visitor): the first render matches it, and a
   * stored session is checked after hydration.
   */
  serverRendered?: boolean;
}

/** The app under a router: the browser's, or the server's StaticRouter (entry-server.tsx). */
export function AppContent({ serverRendered = false }: AppProps) {
  // `data-app-ready` on <html>: the app is interactive (a server-rendered page is hydrated). Buttons of
  // server markup do nothing before that; end-to-end tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return (
    <SessionProvider startAnonymous={serverRendered}>
      <AppRoutes />
    </SessionProvider>
  );
}

export function App(props: AppProps) {
  return (
    <BrowserRouter>
      <AppContent {...props} />
    </BrowserRouter>
  );
}
