import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import {
  dataBlockIds,
  type LandingPage,
  type RuntimeSettings,
  type ServerRenderModule,
} from '@casaoferta/domain/server-render';

/** Markup for one HTML answer: tags at the end of <head>, the app's markup, blocks at the end of <body>. */
export interface IndexExtras {
  head?: string;
  root?: string;
  body?: string;
  /** Replaces index.html's <title>; its generic description goes too (the page's own is in `head`). */
  title?: string;
}

/** A page's own title and head tags (description, Open Graph), escaped. */
export interface PageHead {
  title: string;
  tags: string;
}

export type Manifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
>;

/**
 * The manifest key of the app's chunk: what the entry (main.tsx) imports dynamically. The web build puts
 * boot.tsx in one chunk with the rest of the first load (apps/web/vite.config.ts, firstLoadChunk), keyed
 * by that chunk's name; a build without that grouping keys it `src/boot.tsx`.
 */
export function appChunkKey(manifest: Manifest): string {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  return entry?.dynamicImports?.[0] ?? 'src/boot.tsx';
}

/** Text for HTML content or a quoted attribute value. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON inside <script type="application/json">: `<` escaped so the text can never close the tag. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** What a page writes for the app to adopt: its data, with no render. */
export function dataBlock(page: LandingPage): IndexExtras {
  const [id, data] =
    page.kind === 'catalogue'
      ? [dataBlockIds.search, { key: page.key, ...page.page }]
      : [dataBlockIds.property, { id: page.id, property: page.property }];
  return { body: `<script type="application/json" id="${id}">${safeJson(data)}</script>` };
}

const isRenderModule = (value: unknown): value is ServerRenderModule =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<ServerRenderModule>).renderPage === 'function' &&
  typeof (value as Partial<ServerRenderModule>).pageModules === 'object';

/**
 * Stylesheets (and, with `preload`, modulepreloads) for a module and its static imports, less what
 * index.html already loads (the entry and its static imports). `crossorigin` as in Vite's own tags,
 * so the browser reuses these fetches. Without a manifest (a build without one), nothing.
 */
export function chunkLinks(manifest: Manifest, source: string, preload: boolean): string {
  const closure = (key: string, into: Map<string, Manifest[string]>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return into;
    into.set(key, chunk);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const loaded = new Map<string, Manifest[string]>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, loaded);
  const chunks = [...closure(source, new Map()).entries()].filter(([key]) => !loaded.has(key));
  return [
    ...chunks
      .flatMap(([, chunk]) => chunk.css ?? [])
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...(preload
      ? chunks.map(([, chunk]) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`)
      : []),
  ].join('');
}

export function readManifest(distDir: string): Manifest {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  return fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest) : {};
}

/** React writes the resources it hoists (the photos' preloads) first: they belong in <head>. */
const HOISTED = /^(?:<link [^>]*>)+/;

export type RenderPage = (page: LandingPage) => Promise<IndexExtras>;

/**
 * Loads the web app's server render (`dist/ssr/entry-server.js`, built by `npm run build`). Without it
 * (development with Vite, a build without it) pages are rendered by the browser alone, from the data
 * block. A render that throws is logged and falls back the same way: never a failed page.
 */
export async function loadServerRender(
  distDir: string,
  manifest: Manifest,
  runtime: RuntimeSettings,
  log: FastifyBaseLogger,
): Promise<RenderPage> {
  const modulePath = path.join(distDir, 'ssr', 'entry-server.js');
  let renderer: ServerRenderModule | null = null;
  if (fs.existsSync(modulePath)) {
    const loaded: unknown = await import(pathToFileURL(modulePath).href);
    if (isRenderModule(loaded)) renderer = loaded;
    else log.warn(`${modulePath} does not export renderPage: pages are rendered in the browser only`);
  }
  if (!renderer) return (page) => Promise.resolve(dataBlock(page));
  const module = renderer;
  // The page's own styles, so the markup is styled at first paint. Its code is not preloaded: the app
  // loads after the first paint (main.tsx), leaving the bandwidth to the styles and the photo.
  const assets = {
    catalogue: chunkLinks(manifest, module.pageModules.catalogue, false),
    property: chunkLinks(manifest, module.pageModules.property, false),
  };
  // Cached answers (the landing's first page) are the same object while cached: rendered once.
  const rendered = new WeakMap<object, IndexExtras>();

  return async (page) => {
    const data = page.kind === 'catalogue' ? page.page : page.property;
    const cached = rendered.get(data);
    if (cached) return cached;
    let html: string;
    try {
      html = await module.renderPage({ ...page, runtime });
    } catch (error) {
      log.error({ err: error, url: page.url }, 'server render failed: the browser renders the page');
      return dataBlock(page);
    }
    const hoisted = HOISTED.exec(html)?.[0] ?? '';
    const extras = {
      head: assets[page.kind] + hoisted,
      root: html.slice(hoisted.length),
      body: dataBlock(page).body,
    };
    rendered.set(data, extras);
    return extras;
  };
}
