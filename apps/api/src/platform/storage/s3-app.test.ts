import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../../db/factories';
import { propertyImages } from '../../db/schema/index';
import { contractTestKit } from '../../modules/contracts/test-support';
import { generateDevelopmentP12 } from '../../modules/contracts/document/signer';
import { makePdf, uploadRequest } from '../../modules/documents/test-support';
import { bearer, userWithSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/helpers';
import { multipart } from '../../test/multipart';
import { startS3, type TestS3 } from '../../test/s3-server';
import { sweepOrphans } from './sweep';
import { readObject, type ObjectStore } from './store';

/**
 * The product's files through an S3 store (issue 25 point 3, decision 035), with a real S3 server on
 * the loopback: photos uploaded and served (ETag, ranges), documents encrypted before they reach the
 * bucket, the contract's inventory photos stored, fetched and rendered into the PDF. Nothing lands on
 * the process's disk.
 */
let s3: TestS3;
let t: TestApp;
let bucket: ObjectStore;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-s3-app-'));
beforeAll(async () => {
  s3 = await startS3();
  bucket = s3.store();
  const password = 'desarrollo';
  t = await createTestApp({
    ...s3.env,
    DATA_DIR: dataDir,
    DOCUMENTS_KEY: randomBytes(32).toString('base64'),
    CONTRACT_SIGNING_P12: generateDevelopmentP12(password).toString('base64'),
    CONTRACT_SIGNING_PASSWORD: password,
  });
});
afterAll(async () => {
  await t.close();
  await s3.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const db = () => t.database.db;
const photo = (colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
/** What the process wrote under DATA_DIR besides its database (nothing, with an S3 store). */
const filesOnDisk = () =>
  ['media', 'documents', 'contract-images'].filter((folder) => fs.existsSync(path.join(dataDir, folder)));

describe('files in an S3 store', () => {
  it('stores an uploaded photo in the bucket and serves it with ETag, 304 and ranges', async () => {
    expect(t.config.storage.kind).toBe('s3');
    const owner = await userWithSession(db());
    const property = await createProperty(db(), owner.user.id);
    const body = await multipart(
      { propertyId: property.id },
      { name: 'salon.jpg', type: 'image/jpeg', bytes: await photo({ r: 20, g: 120, b: 200 }) },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/announcement/images',
      headers: { ...bearer(owner.token), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const gallery: string = uploaded.json().data.gallery;
    const key = gallery.slice(1);
    const stored = await bucket.head(key);
    expect(stored?.contentType).toBe('image/webp');

    const served = await t.app.inject({ method: 'GET', url: gallery });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals((await readObject(bucket, key)) ?? Buffer.alloc(0))).toBe(true);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    const etag = String(served.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: gallery, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const part = await t.app.inject({ method: 'GET', url: gallery, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${stored?.size}`);
    expect(part.rawPayload.equals(served.rawPayload.subarray(0, 10))).toBe(true);
    const past = await t.app.inject({ method: 'GET', url: gallery, headers: { range: 'bytes=999999999-' } });
    expect(past.statusCode).toBe(416);
    expect(
      (await t.app.inject({ method: 'GET', url: '/media/properties/x/none-card.webp' })).statusCode,
    ).toBe(404);
    expect(filesOnDisk()).toEqual([]);
  });

  it('encrypts a document before it reaches the bucket, and gives it back whole', async () => {
    const tenant = await userWithSession(db());
    const pdf = await makePdf();
    const uploaded = await uploadRequest(t, tenant.token, '/api/document', {
      name: 'nomina.pdf',
      type: 'application/pdf',
      bytes: pdf,
    });
    expect(uploaded.statusCode).toBe(201);
    const keys: string[] = [];
    for await (const object of bucket.list('documents/')) keys.push(object.key);
    expect(keys).toHaveLength(1);
    const atRest = (await readObject(bucket, keys[0] ?? '')) ?? Buffer.alloc(0);
    expect(atRest.subarray(0, 5).toString('latin1')).toBe('CODOC');
    expect(atRest.includes(Buffer.from('%PDF-'))).toBe(false);
    expect(atRest.includes(pdf.subarray(200, 264))).toBe(false);
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/document/download?documentId=${uploaded.json().data.id}`,
      headers: bearer(tenant.token),
    });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect(filesOnDisk()).toEqual([]);
  });

  it('keeps the inventory photos in the bucket, serves them to the parties and renders them', async () => {
    const kit = contractTestKit(() => t);
    const owner = await userWithSession(db());
    const tenant = await userWithSession(db());
    const { id } = await kit.bothSent(owner, tenant);
    const body = await multipart(
      {},
      { name: 'cocina.jpg', type: 'image/jpeg', bytes: await photo({ r: 200, g: 60, b: 30 }) },
    );
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/contract/${id}/images`,
      headers: { ...bearer(tenant.token), ...body.headers },
      payload: body.payload,
    });
    expect(added.statusCode).toBe(201);
    const imageId: string = added.json().data.id;
    const stored = await readObject(bucket, `contract-images/${id}/${imageId}.jpg`);
    expect(stored?.subarray(0, 2).toString('hex')).toBe('ffd8');
    const fetched = await t.app.inject({
      method: 'GET',
      url: `/api/contract/${id}/images/${imageId}`,
      headers: bearer(owner.token),
    });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(stored ?? Buffer.alloc(0))).toBe(true);
    const sent = await kit.call('POST', `/api/contract/${id}/send-sign`, owner.token);
    expect(sent.statusCode).toBe(200);
    expect(filesOnDisk()).toEqual([]);
  });

  it('sweeps objects no row names once they are old, and keeps every named one', async () => {
    const orphan = 'media/properties/00000000-0000-4000-8000-000000000000/huerfana-card.webp';
    await bucket.put(orphan, Buffer.from('RIFF'));
    const named = (await db().select({ storageKey: propertyImages.storageKey }).from(propertyImages)).map(
      (row) => row.storageKey,
    );
    expect(named.length).toBeGreaterThan(0);
    // Younger than the age: an upload in progress, left alone.
    expect(await sweepOrphans(db(), bucket)).toBe(0);
    expect(await sweepOrphans(db(), bucket, 0, Date.now() + 1_000)).toBe(1);
    expect(await bucket.head(orphan)).toBeNull();
    for (const storageKey of named) expect(await bucket.head(`media/${storageKey}-card.webp`)).not.toBeNull();
    const documents: string[] = [];
    for await (const object of bucket.list('documents/')) documents.push(object.key);
    expect(documents).toHaveLength(1);
  });
});
