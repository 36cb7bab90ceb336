import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnnouncement, createUser } from '../db/factories';
import { createTestApp, type TestApp } from '../test/helpers';

let t: TestApp;
let small: TestApp;
let withSpa: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<html><head><meta name="casaoferta:support-whatsapp" content="%SUPPORT_WHATSAPP%"></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  [t, small, withSpa] = await Promise.all([
    createTestApp(),
    createTestApp({ BODY_LIMIT_BYTES: '1024' }),
    createTestApp({ WEB_DIST_DIR: distDir, SUPPORT_WHATSAPP: '34911222333' }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), small.close(), withSpa.close()]);
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('error envelope and status codes', () => {
  it('answers unknown /api paths with 404 ROUTE_NOT_FOUND in the envelope', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/does-not-exist' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        errors: [{ code: 'ROUTE_NOT_FOUND', message: 'Esta dirección de la API no existe.' }],
      });
    }
  });

  it('answers malformed JSON with 400 INVALID_INPUT', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/masters/province',
      headers: { 'content-type': 'application/json' },
      payload: '{"countryCode":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('INVALID_INPUT');
  });

  it('answers a wrong media type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/masters/province',
      headers: { 'content-type': 'text/plain' },
      payload: 'ES',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors[0].code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await small.app.inject({
      method: 'POST',
      url: '/api/masters/province',
      payload: { countryCode: 'ES', padding: 'x'.repeat(4096) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('gives every response a request id, honouring the caller one', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(generated.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts or style elements, and the usual hardening headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives['script-src']).toBe("'self'");
    expect(directives['script-src-attr']).toBe("'none'");
    expect(directives['style-src']).toBe("'self'");
    // Only style attributes (of server-rendered markup) may be inline.
    expect(directives['style-src-attr']).toBe("'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('GET /api/health', () => {
  it('reports the database it uses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ok', database: t.database.kind });
  });

  it('answers 503 with Retry-After when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().errors[0].code).toBe('DATABASE_UNAVAILABLE');
    await broken.app.close();
  });
});

describe('OpenAPI', () => {
  it('documents the routes generated from the zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/masters',
        '/api/masters/province',
        '/api/masters/municipality',
        '/api/health',
      ]),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('serving the web app', () => {
  it('answers client routes with index.html carrying the runtime settings', async () => {
    const res = await withSpa.app.inject({ method: 'GET', url: '/login?redirectTo=%2Fsettings' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('content="34911222333"');
    expect(res.body).not.toContain('%SUPPORT_WHATSAPP%');
  });

  it('serves hashed assets with a one-year immutable cache', async () => {
    const res = await withSpa.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps /api 404s in the JSON envelope, even with the app built', async () => {
    const res = await withSpa.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('ROUTE_NOT_FOUND');
  });

  it('writes the landing catalogue page and its first photo into the HTML, and only there', async () => {
    const owner = await createUser(withSpa.database.db);
    await createAnnouncement(withSpa.database.db, owner.id, {
      customTitle: 'Ático </script><script>alert(1)',
    });
    const res = await withSpa.app.inject({ method: 'GET', url: '/properties?section=available-properties' });
    const block =
      /<script type="application\/json" id="initial-search">(.*?)<\/script>/.exec(res.body)?.[1] ?? '';
    expect(block).not.toContain('</script>');
    const data = JSON.parse(block);
    expect(data).toMatchObject({ key: '', nextCursor: null });
    expect(data.items[0].title).toBe('Ático </script><script>alert(1)');
    const filtered = await withSpa.app.inject({ method: 'GET', url: '/properties?kind=venta' });
    expect(filtered.body).not.toContain('initial-search');
  });

  it('does not serve the raw index.html template', async () => {
    const res = await withSpa.app.inject({ method: 'GET', url: '/index.html' });
    expect(res.body).not.toContain('%SUPPORT_WHATSAPP%');
  });
});
