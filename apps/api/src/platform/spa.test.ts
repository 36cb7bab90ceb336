import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';

const webPublic = fileURLToPath(new URL('../../../web/public', import.meta.url));

/** A built web app as Vite makes it: index.html, and the public folder copied as it is. */
let distDir: string;
let t: TestApp;
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-spa-'));
  fs.cpSync(webPublic, distDir, { recursive: true });
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<html><head><title>Casaoferta</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the app page', () => {
  it.each(['/properties', '/login', '/settings/', '/new-property/0b0e1c55-2f6e-4c1b-9e3d-000000000001', '/'])(
    'answers 200 on a route of the app: %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    },
  );

  it.each([
    '/no-existe',
    '/404',
    '/properties/extra/segments',
    '/property/00000000-0000-4000-8000-000000000000',
    '/property/x',
    '/property/00000000-0000-4000-8000-000000000000/not-found',
  ])('answers 404 with the page (the app shows its own) on %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root"></div>');
  });
});

describe('files', () => {
  it('serves the product favicon, not the app page', async () => {
    const res = await get('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });

  it.each(['/media/missing-card.webp', '/media/demo/missing-gallery.webp', '/media/x.png', '/media/'])(
    'answers 404 for a missing media file, not the app page: %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toContain('text/html');
      expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
    },
  );
});
