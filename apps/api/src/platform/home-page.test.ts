import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAnnouncement, createUser } from '../db/factories';
import { createTestApp, type TestApp } from '../test/helpers';
import { compress } from './encoded-body';

/** A built app whose server render (a stand-in) says which page it was given and where. */
const renderModule = `
export const pageModules = { catalogue: 'src/catalogue.tsx', property: 'src/property.tsx' };
export async function renderPage(page) {
  return '<main data-kind="' + page.kind + '">' + (page.kind === 'catalogue' ? page.page.items.length : 0) + '</main>';
}`;

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-home-'));
  fs.mkdirSync(path.join(distDir, 'ssr'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<html><head><title>Casaoferta</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(distDir, 'ssr', 'entry-server.js'), renderModule);
  t = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('"/" (issue 23)', () => {
  it('is the catalogue rendered on the server with its first results, as /properties is', async () => {
    const owner = await createUser(t.database.db);
    await createAnnouncement(t.database.db, owner.id);
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toMatch(/<div id="root"><main data-kind="catalogue">[1-9]\d*<\/main><\/div>/);
    expect(res.body).toContain('<script type="application/json" id="initial-search">{"key":""');
  });

  it('with a filter in its query is left to the browser, as /properties is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/?kind=venta' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('initial-search');
  });
});

describe('"/" while its catalogue page is cached (decision 031)', () => {
  let cached: TestApp;
  let cachedDist: string;
  beforeAll(async () => {
    cachedDist = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-home-cached-'));
    fs.mkdirSync(path.join(cachedDist, 'ssr'));
    fs.writeFileSync(
      path.join(cachedDist, 'index.html'),
      `<html><head><title>Casaoferta</title></head><body><div id="root"></div>${'<!-- relleno -->'.repeat(100)}</body></html>`,
    );
    fs.writeFileSync(path.join(cachedDist, 'ssr', 'entry-server.js'), renderModule);
    cached = await createTestApp({ WEB_DIST_DIR: cachedDist, SEARCH_CACHE_SECONDS: '60' });
    const owner = await createUser(cached.database.db);
    await createAnnouncement(cached.database.db, owner.id);
  });
  afterAll(async () => {
    await cached.close();
    fs.rmSync(cachedDist, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  it('is compressed once per encoding, then sent as stored bytes, uncompressed to a client asking none', async () => {
    const get = (url: string, encoding?: string) =>
      cached.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = vi.spyOn(compress, 'br');
    const brotli = [
      await get('/', 'gzip, deflate, br, zstd'),
      await get('/', 'br'),
      await get('/properties', 'br'),
    ];
    const plain = await get('/');
    const gzip = await get('/', 'gzip');
    expect(br).toHaveBeenCalledTimes(1);
    for (const res of [...brotli, plain, gzip]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
    expect(brotli.map((res) => res.headers['content-encoding'])).toEqual(['br', 'br', 'br']);
    for (const res of brotli) {
      expect(res.rawPayload.equals(brotli[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/<main data-kind="catalogue">1<\/main>/);
    expect(zlib.brotliDecompressSync(brotli[0]?.rawPayload ?? Buffer.alloc(0)).equals(plain.rawPayload)).toBe(
      true,
    );
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  });
});
