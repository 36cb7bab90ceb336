import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnnouncement, createUser } from '../db/factories';
import { createTestApp, type TestApp } from '../test/helpers';

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
