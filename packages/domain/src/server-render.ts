import type { PropertyPage, SearchResponse } from './schemas/listings';

/**
 * Contract between the API and the web app's server render (apps/web/src/entry-server.tsx, built into
 * dist/ssr): the pages a visitor lands on from outside are rendered on the server, and their data is
 * written into the page as JSON blocks the app adopts instead of asking again.
 */
export type LandingPage = (
  | { kind: 'catalogue'; key: string; page: SearchResponse }
  | { kind: 'property'; id: string; property: PropertyPage }
) & { url: string };

export type ServerPage = LandingPage & { runtime: RuntimeSettings };

/** The settings the API writes into index.html's meta tags, which the app reads in the browser. */
export interface RuntimeSettings {
  /** International number without '+', used by the floating chat link (wa.me). */
  supportWhatsapp: string;
  /** Host of the production app; logout goes to the public site only there (SPEC 4.7). */
  appHost: string;
}

export interface ServerRenderModule {
  renderPage(page: ServerPage): Promise<string>;
  /** Source module of each page, to find its CSS and chunk in Vite's manifest. */
  pageModules: Record<ServerPage['kind'], string>;
}

/** Ids of the JSON blocks (`<script type="application/json">`, never executed). */
export const dataBlockIds = { search: 'initial-search', property: 'initial-property' } as const;
