import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { LandingPage } from '@casaoferta/domain/server-render';
import type { Config } from '../config';
import { EncodedBody, sendEncoded } from './encoded-body';
import {
  appChunkKey,
  chunkLinks,
  dataBlock,
  escapeHtml,
  loadServerRender,
  readManifest,
  type IndexExtras,
  type PageHead,
  type RenderPage,
} from './server-render';

/**
 * Client routes are served by the not-found handler, which is not a route, so @fastify/compress's
 * hooks do not run on it: the HTML (47 KB for a server-rendered catalogue) is compressed here
 * (`sendEncoded`, brotli at quality 4 or gzip at 6, as for the API's answers).
 */
const HTML = 'text/html; charset=utf-8';

/**
 * The catalogue's landing page made from a cached catalogue page (decision 031): while the search cache
 * keeps that page (the same object), the HTML of "/" and "/properties" is assembled and compressed once
 * (the render is kept too: server-render.ts), not on every visit. Keyed weakly: it leaves with the page.
 */
const catalogueHtml = new WeakMap<object, EncodedBody>();

export interface Spa {
  sendIndex(reply: FastifyReply, extras?: IndexExtras): FastifyReply;
  /**
   * index.html with a page rendered on the server (or, without the render module, its data only), and
   * the page's own title and head tags when given.
   */
  sendPage(reply: FastifyReply, page: LandingPage, head?: PageHead | null): Promise<FastifyReply>;
}

/**
 * Serves the built web app: hashed assets cached for a year (pre-compressed .br/.gz when present), and
 * index.html, with the runtime settings written into its meta tags, for every client route.
 * Returns null when the app is not built (development uses Vite's dev server instead).
 */
export async function registerSpa(app: FastifyInstance, config: Config): Promise<Spa | null> {
  const indexPath = path.join(config.webDistDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn(`web app not built (${indexPath} missing): serving only /api`);
    return null;
  }
  const appHost = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).host : '';
  const indexHtml = fs
    .readFileSync(indexPath, 'utf8')
    .replaceAll('%SUPPORT_WHATSAPP%', config.SUPPORT_WHATSAPP)
    .replaceAll('%APP_HOST%', appHost);
  // The entry (main.tsx) is small and imports the app (boot.tsx): on a page rendered in the browser
  // its download starts with the page's. A server-rendered page loads it after its first paint.
  const manifest = readManifest(config.webDistDir);
  const appChunks = chunkLinks(manifest, appChunkKey(manifest), true);

  await app.register(fastifyStatic, {
    root: config.webDistDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    // index.html is a template; dist/ssr is the server render, imported, never served.
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/ssr/'),
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'Cache-Control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  // The server render (React's server code: a third of a second of CPU to load) is not part of the start
  // (decision 036): it is loaded once the server listens, and the first landing page asked before that
  // waits for it. A render module that cannot be loaded is logged and the browser renders the pages.
  let renderer: Promise<RenderPage> | null = null;
  const loadRenderer = (): Promise<RenderPage> =>
    (renderer ??= loadServerRender(
      config.webDistDir,
      manifest,
      { supportWhatsapp: config.SUPPORT_WHATSAPP, appHost },
      app.log,
    ).catch((error: unknown) => {
      app.log.error({ err: error }, 'server render not loaded: pages are rendered in the browser');
      return (page: LandingPage) => Promise.resolve(dataBlock(page));
    }));
  const renderPage: RenderPage = async (page) => (await loadRenderer())(page);
  app.addHook('onListen', (done) => {
    // Started, not awaited: listen() resolves at once and the render loads meanwhile.
    void loadRenderer();
    done();
  });
  // The not-found handler that serves client routes is not a route, so @fastify/compress's hook does
  // not run on it: `reply.compress` does it explicitly.
  const indexWith = (extras?: IndexExtras): string => {
    const page = extras?.title
      ? indexHtml
          .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(extras.title ?? '')}</title>`)
          .replace(/<meta\s+name="description"[^>]*>/, '')
      : indexHtml;
    return extras?.root
      ? page
          // Replacer functions: a `$&` in a listing's text must not be read as a pattern.
          .replace('</head>', () => `${extras.head ?? ''}</head>`)
          .replace('<div id="root"></div>', () => `<div id="root">${extras.root ?? ''}</div>`)
          .replace('</body>', () => `${extras.body ?? ''}</body>`)
      : page
          .replace('</head>', () => `${appChunks}${extras?.head ?? ''}</head>`)
          .replace('</body>', () => `${extras?.body ?? ''}</body>`);
  };
  const sendHtml = (reply: FastifyReply, body: EncodedBody) =>
    sendEncoded(reply.header('Cache-Control', 'no-cache'), body, HTML);
  const sendIndex: Spa['sendIndex'] = (reply, extras) =>
    sendHtml(reply, new EncodedBody(() => indexWith(extras)));
  const renderedPage = async (page: LandingPage, head: PageHead | null | undefined): Promise<EncodedBody> => {
    const extras = await renderPage(page);
    const html = indexWith(
      head ? { ...extras, title: head.title, head: head.tags + (extras.head ?? '') } : extras,
    );
    return new EncodedBody(() => html);
  };
  return {
    sendIndex,
    sendPage: async (reply, page, head) => {
      if (page.kind !== 'catalogue') return sendHtml(reply, await renderedPage(page, head));
      let body = catalogueHtml.get(page.page);
      if (!body) {
        body = await renderedPage(page, head);
        catalogueHtml.set(page.page, body);
      }
      return sendHtml(reply, body);
    },
  };
}
