import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAnnouncement, createUser } from '../db/factories';
import { createTestApp, type TestApp } from '../test/helpers';
import { compress, preferredEncoding } from './encoded-body';

/**
 * Compressed answers (issue 29 point 1, decision 031): a cached answer keeps its compressed bytes, so a
 * cache hit sends the same bytes without compressing again, with the right headers; a client that asks
 * for no encoding gets the JSON as it is.
 */

let t: TestApp;
beforeAll(async () => {
  // The catalogue's cache on, as in production (tests turn it off by default).
  t = await createTestApp({ SEARCH_CACHE_SECONDS: '60' });
  const ownerId = (await createUser(t.database.db)).id;
  for (let i = 0; i < 12; i++) {
    await createAnnouncement(t.database.db, ownerId, { customTitle: `Piso luminoso número ${i}` });
  }
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const search = (headers: Record<string, string>, body: object = { sort: 'newest' }) =>
  t.app.inject({ method: 'POST', url: '/api/announcement/search', headers, payload: body });

const decode: Record<string, (bytes: Buffer) => Buffer> = {
  br: (bytes) => zlib.brotliDecompressSync(bytes),
  gzip: (bytes) => zlib.gunzipSync(bytes),
};

describe('POST /api/announcement/search, cached', () => {
  it('answers a client without Accept-Encoding uncompressed, and the JSON every encoding decodes to', async () => {
    const plain = await search({});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const json = plain.json<{ data: { items: unknown[] } }>();
    expect(json.data.items.length).toBe(12);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    for (const encoding of ['br', 'gzip'] as const) {
      const spy = vi.spyOn(compress, encoding);
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await search({ 'accept-encoding': encoding }));
      // Compressed once, on the first request that asked for this encoding; the hits send those bytes.
      expect(spy).toHaveBeenCalledTimes(1);
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
        expect(answer.rawPayload.equals(answers[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true);
        expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(decode[encoding]?.(answer.rawPayload).equals(plain.rawPayload)).toBe(true);
      }
    }
    // Identity asked again: the same JSON bytes, still not compressed.
    const again = await search({ 'accept-encoding': 'identity' });
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it("follows a browser's preference: br from 'gzip, deflate, br, zstd', gzip when br is refused", async () => {
    const browser = await search({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(browser.headers['content-encoding']).toBe('br');
    const noBrotli = await search({ 'accept-encoding': 'br;q=0, gzip' });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
    const none = await search({ 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(none.body)).toEqual(
      JSON.parse(zlib.brotliDecompressSync(browser.rawPayload).toString()),
    );
  });

  it('keeps a small answer uncompressed, and refuses bad input with a 400 and no stored answer', async () => {
    const empty = await search({ 'accept-encoding': 'br' }, { sort: 'newest', q: 'ninguna coincidencia' });
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-encoding']).toBeUndefined();
    expect(empty.json<{ data: { items: unknown[] } }>().data.items).toEqual([]);
    const bad = await search({ 'accept-encoding': 'br' }, { sort: 'cheapest-first' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('answers made per request', () => {
  it('are compressed by the plugin as the client asks, and not at all without Accept-Encoding', async () => {
    const url = '/api/masters/municipality';
    const payload = { provinceCode: '28' };
    const plain = await t.app.inject({ method: 'POST', url, payload });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ method: 'POST', url, payload, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gzip = await t.app.inject({ method: 'POST', url, payload, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  });
});

describe('GET /api/masters', () => {
  it('sends its stored bytes per encoding, and a 304 to a matching If-None-Match whatever the encoding', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/masters' });
    const etag = plain.headers.etag;
    expect(typeof etag).toBe('string');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const spy = vi.spyOn(compress, 'br');
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/masters',
      headers: { 'accept-encoding': 'br' },
    });
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/masters',
      headers: { 'accept-encoding': 'br' },
    });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(first.headers.etag).toBe(etag);
    expect(first.headers['content-encoding']).toBe('br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(zlib.brotliDecompressSync(first.rawPayload).equals(plain.rawPayload)).toBe(true);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/api/masters',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd', 'if-none-match': String(etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
  });
});

describe('preferredEncoding', () => {
  it('reads q-values and refuses what the client refuses', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('deflate, zstd')).toBeNull();
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
  });
});
