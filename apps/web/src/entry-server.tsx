import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { ServerRenderModule } from '@casaoferta/domain/server-render';
import { AppContent } from './app/app';
import { preloadServerRenderedPage } from './app/routes';
import { primeProperty } from './features/catalogue/initial-property';
import { primeSearch } from './features/catalogue/search-store';
import { configureRuntime } from './shared/runtime-config';

/**
 * Server rendering of the two pages a visitor lands on from outside (the catalogue and a property),
 * so their first paint does not wait for the app's JavaScript (ARCHITECTURE.md, LCP target). Built
 * by `vite build --ssr` into dist/ssr and called by the API (apps/api/src/platform/spa.ts), which
 * writes the same data into the page for the app to adopt. The same app as in the browser, rendered as
 * an anonymous visitor with the page's chunk loaded first, so the browser hydrates it (main.tsx).
 */
export const pageModules: ServerRenderModule['pageModules'] = {
  catalogue: 'src/features/catalogue/pages/properties-page.tsx',
  property: 'src/app/property-route.tsx',
};

export const renderPage: ServerRenderModule['renderPage'] = async (page) => {
  await preloadServerRenderedPage(new URL(page.url, 'http://server').pathname);
  // From here on synchronous: a concurrent render cannot swap the primed data.
  if (page.kind === 'catalogue') primeSearch(page.key, page.page);
  else primeProperty(page.id, page.property);
  configureRuntime(page.runtime);
  return renderToString(
    <StrictMode>
      <StaticRouter location={page.url}>
        <AppContent serverRendered />
      </StaticRouter>
    </StrictMode>,
  );
};
