import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnnouncement, createOffer, createUser } from '../db/factories';
import { bearer, userWithSession } from '../test/auth-helpers';
import { createTestApp, publicAt, type TestApp } from '../test/helpers';

/**
 * A built app with a server render (dist/ssr/entry-server.js, here a stand-in that echoes what it is
 * given) and Vite's manifest: what the API writes around the rendered page.
 */
const renderModule = `
export const pageModules = { catalogue: 'src/catalogue.tsx', property: 'src/property.tsx' };
export async function renderPage(page) {
  if (page.kind === 'property' && page.property.announcement?.title === 'boom') throw new Error('boom');
  const what = page.kind === 'catalogue' ? page.page.items.length + ' cards' : page.property.announcement?.title;
  return '<link rel="preload" as="image" href="/media/first.webp"/><main data-kind="' + page.kind + '">' +
    what + ' ' + page.runtime.supportWhatsapp + '</main>';
}`;

const manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_shared.js'],
    // The app's chunk, as the web build names it (boot.tsx grouped with the first load's modules).
    dynamicImports: ['_boot-1.js'],
    css: ['assets/index-1.css'],
  },
  '_shared.js': { file: 'assets/shared-1.js' },
  '_boot-1.js': { file: 'assets/boot-1.js', imports: ['_shared.js', '_react.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  'src/catalogue.tsx': {
    file: 'assets/catalogue-1.js',
    imports: ['_shared.js'],
    css: ['assets/catalogue-1.css'],
  },
  'src/property.tsx': { file: 'assets/property-1.js', css: ['assets/property-1.css'] },
};

const indexHtml =
  '<html><head><meta name="casaoferta:support-whatsapp" content="%SUPPORT_WHATSAPP%">' +
  '<meta\n  name="description"\n  content="Casaoferta: vivienda"\n/><title>Casaoferta · Vivienda</title></head>' +
  '<body><div id="root"></div></body></html>';

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-ssr-'));
  fs.mkdirSync(path.join(distDir, 'ssr'));
  fs.mkdirSync(path.join(distDir, '.vite'));
  fs.writeFileSync(path.join(distDir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(distDir, 'ssr', 'entry-server.js'), renderModule);
  fs.writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  t = await createTestApp(
    {
      WEB_DIST_DIR: distDir,
      SUPPORT_WHATSAPP: '34911222333',
    },
    publicAt('https://casaoferta.example'),
  );
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const dataBlock = (html: string, id: string) =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(html)?.[1] ?? 'null',
  );
const head = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('server-rendered landing pages', () => {
  it('renders the catalogue into #root, with its styles and the hoisted photo preload in <head>', async () => {
    const owner = await createUser(t.database.db);
    await createAnnouncement(t.database.db, owner.id);
    const res = await get('/properties?section=available-properties');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(
      /<div id="root"><main data-kind="catalogue">\d+ cards 34911222333<\/main><\/div>/,
    );
    expect(head(res.body)).toContain('<link rel="stylesheet" crossorigin href="/assets/catalogue-1.css">');
    expect(head(res.body)).toContain('<link rel="preload" as="image" href="/media/first.webp"/>');
    // The app's code loads after the first paint: nothing of it is preloaded here.
    expect(res.body).not.toContain('modulepreload');
    expect(dataBlock(res.body, 'initial-search')).toMatchObject({ key: '', items: expect.any(Array) });
  });

  it('renders a public property page with its data; a missing or private one is a 404 left to the app', async () => {
    const owner = await createUser(t.database.db);
    const { property } = await createAnnouncement(t.database.db, owner.id, {
      customTitle: 'Ático $& con $1 terraza',
    });
    const res = await get(`/property/${property.id}`);
    // Replacement patterns in a listing's text are written as they are.
    expect(res.body).toContain('<main data-kind="property">Ático $& con $1 terraza 34911222333</main>');
    expect(head(res.body)).toContain('/assets/property-1.css');
    expect(dataBlock(res.body, 'initial-property')).toMatchObject({
      id: property.id,
      property: { announcement: { title: 'Ático $& con $1 terraza' } },
    });

    const { property: draft } = await createAnnouncement(t.database.db, owner.id, { statusCode: 'AST000' });
    for (const url of [
      `/property/${draft.id}`,
      '/property/00000000-0000-4000-8000-000000000000',
      '/property/x',
    ]) {
      const plain = await get(url);
      expect(plain.statusCode).toBe(404);
      expect(plain.body).toContain('<div id="root"></div>');
      expect(plain.body).not.toContain('initial-property');
    }
  });

  it("renders a visitor's property page, even asked with a candidate's session, without anyone's own offer", async () => {
    const owner = await createUser(t.database.db);
    const { property, announcement } = await createAnnouncement(t.database.db, owner.id);
    const tenant = await userWithSession(t.database.db);
    const offer = await createOffer(t.database.db, announcement.id, tenant.user.id, { amount: 1040 });
    for (const headers of [{}, bearer(tenant.token)]) {
      const res = await get(`/property/${property.id}`, headers);
      expect(res.statusCode).toBe(200);
      const block = dataBlock(res.body, 'initial-property') as { property: Record<string, unknown> };
      expect(block.property).not.toHaveProperty('yourOffer');
      expect(res.body).not.toContain(offer.id);
    }
  });

  it('gives a property page its own title, description and link-preview tags', async () => {
    const owner = await createUser(t.database.db);
    const { property } = await createAnnouncement(
      t.database.db,
      owner.id,
      { customTitle: 'Piso "Sol" <luminoso>', price: 1250, typeCode: 'ATY002' },
      { rooms: 3, surfaceM2: 85 },
    );
    const html = (await get(`/property/${property.id}`)).body;
    expect(html).toContain('<title>Piso &#34;Sol&#34; &#60;luminoso&#62; · Casaoferta</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(
      '<meta name="description" content="1.250 €/mes · Madrid (Madrid) · 3 hab. · 85 m²">',
    );
    expect(html).toContain('<meta property="og:title" content="Piso &#34;Sol&#34; &#60;luminoso&#62;">');
    // The catalogue keeps the app's title.
    expect((await get('/properties')).body).toContain('<title>Casaoferta · Vivienda</title>');
  });

  it('falls back to the browser render, with the data, when the server render throws', async () => {
    const owner = await createUser(t.database.db);
    const { property } = await createAnnouncement(t.database.db, owner.id, { customTitle: 'boom' });
    const res = await get(`/property/${property.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(dataBlock(res.body, 'initial-property')).toMatchObject({ id: property.id });
    // Rendered in the browser: the app's code is preloaded as on any other page.
    expect(head(res.body)).toContain('<link rel="modulepreload" crossorigin href="/assets/boot-1.js">');
  });

  it('preloads the app (not the entry`s own imports) on pages the browser renders', async () => {
    const res = await get('/properties?kind=venta');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/boot-1.js">');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/react-1.js">');
    expect(res.body).not.toContain('shared-1.js');
    expect(res.body).not.toContain('initial-search');
  });

  it('compresses the HTML (brotli, else gzip) and never serves the render module', async () => {
    const br = await get('/properties', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('data-kind="catalogue"');
    const gzip = await get('/properties', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('data-kind="catalogue"');
    const module = await get('/ssr/entry-server.js');
    expect(module.body).not.toContain('renderPage');
  });
});
