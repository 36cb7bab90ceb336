import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../test/s3-server';
import { localStore } from './local';
import { readObject, type ObjectStore } from './store';

/**
 * The object store's contract (decision 035), run against both implementations: the local disk and a
 * real S3 server on the loopback (s3rver).
 */
let s3: TestS3;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const stores: [string, () => ObjectStore][] = [
  [
    'local disk',
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-store-'));
      dirs.push(dir);
      return localStore(dir);
    },
  ],
  ['S3 (s3rver)', () => s3.store()],
];

const all = async <T>(items: AsyncIterable<T>): Promise<T[]> => {
  const found: T[] = [];
  for await (const item of items) found.push(item);
  return found;
};

describe.each(stores)('the object store on the %s', (_name, open) => {
  it('puts a buffer and a stream, and reads them back whole, with size and type', async () => {
    const store = open();
    const key = `media/t/${Math.random().toString(36).slice(2)}-card.webp`;
    await store.put(key, Buffer.from('RIFF-imagen'), 'image/webp');
    const object = await store.get(key);
    expect(object).toMatchObject({ key, size: 11, contentType: 'image/webp', range: null });
    expect(await text(object?.body ?? Readable.from([]))).toBe('RIFF-imagen');
    expect(object?.etag).toMatch(/^(W\/)?".+"$/);

    const streamed = 'documents/streamed.enc';
    const bytes = Buffer.alloc(300_000, 7);
    await store.put(streamed, {
      stream: Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
      length: bytes.length,
    });
    expect((await readObject(store, streamed))?.equals(bytes)).toBe(true);
    expect(await store.head(streamed)).toMatchObject({ size: 300_000 });
  });

  it('reads a byte range, with the whole size', async () => {
    const store = open();
    await store.put('media/range.webp', Buffer.from('0123456789'));
    const object = await store.get('media/range.webp', { start: 2, end: 5 });
    expect(object?.size).toBe(10);
    expect(object?.range).toEqual({ start: 2, end: 5 });
    expect(await text(object?.body ?? Readable.from([]))).toBe('2345');
  });

  it('answers null for what is not there, and deleting it twice is no error', async () => {
    const store = open();
    expect(await store.get('media/none.webp')).toBeNull();
    expect(await store.head('media/none.webp')).toBeNull();
    await store.put('contract-images/c/x.jpg', Buffer.from('jpeg'));
    await store.delete('contract-images/c/x.jpg');
    await store.delete('contract-images/c/x.jpg');
    expect(await store.head('contract-images/c/x.jpg')).toBeNull();
  });

  it('lists by prefix, and refuses keys that are not the server’s', async () => {
    const store = open();
    for (const key of ['list/a/1.jpg', 'list/a/2.jpg', 'list/b/1.jpg', 'listing/1.jpg']) {
      await store.put(key, Buffer.from(key));
    }
    const keys = (await all(store.list('list/a/'))).map((item) => item.key).sort();
    expect(keys).toEqual(['list/a/1.jpg', 'list/a/2.jpg']);
    expect((await all(store.list('list/'))).map((item) => item.key).sort()).toEqual([
      'list/a/1.jpg',
      'list/a/2.jpg',
      'list/b/1.jpg',
    ]);
    for (const bad of ['../x.jpg', 'a//b.jpg', '/abs.jpg', 'a/.hidden', '']) {
      await expect(store.put(bad, Buffer.from('x'))).rejects.toThrow(/invalid key/);
    }
  });

  it('is ready when it can be written', async () => {
    await expect(open().ready()).resolves.toBeUndefined();
  });
});

describe('readiness', () => {
  it('fails for a bucket that does not exist', async () => {
    const { s3Store } = await import('./s3');
    const missing = s3Store({ ...s3.settings, bucket: 'no-existe' });
    await expect(missing.ready()).rejects.toThrow();
    missing.close();
  });
});
