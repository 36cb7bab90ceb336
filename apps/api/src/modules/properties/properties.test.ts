import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { properties, propertyImages } from '../../db/schema/index';
import { createTestApp, testConfig, type TestApp } from '../../test/helpers';
import { bearer, userWithSession } from '../../test/auth-helpers';
import { multipart } from '../../test/multipart';

let t: TestApp;
let owner: { token: string; user: { id: string } };
let stranger: { token: string };
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db);
  stranger = await userWithSession(t.database.db);
  const photo = path.join(testConfig().photosDir, 'house_family.jpg');
  jpeg = fs.existsSync(photo)
    ? fs.readFileSync(photo)
    : await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer();
});
afterAll(() => t.close());

const valid = {
  street: 'Calle de Toledo',
  streetNumber: '45',
  provinceCode: '28',
  municipalityCode: '28079',
  propertyTypeCode: 'PTY001',
  surfaceM2: 82,
  rooms: 3,
  bathrooms: 2,
  features: ['PAF001', 'PAF008'],
  energyCertificationCode: 'PEC003',
};
const send = (method: 'POST' | 'PUT', url: string, payload: object, token = owner.token) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });
const countProperties = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(properties))[0]?.n;

describe('property drafts and submission', () => {
  it('saves a partial draft, continues it, and submits it to validation', async () => {
    const draft = await send('POST', '/api/property/draft', {
      street: 'Calle de Toledo',
      provinceCode: '28',
    });
    expect(draft.statusCode).toBe(200);
    const { id } = draft.json().data;
    const again = await send('POST', '/api/property/draft', { id, rooms: 3 });
    expect(again.json().data.id).toBe(id);
    const [stored] = await t.database.db.select().from(properties).where(eq(properties.id, id));
    expect(stored).toMatchObject({
      street: 'Calle de Toledo',
      rooms: 3,
      validationStatus: 'PSG000',
      ownerId: owner.user.id,
    });

    const submitted = await send('PUT', `/api/property/${id}`, valid);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().data.owner).toMatchObject({ validationStatus: 'PSG002', streetNumber: '45' });
    expect(submitted.json().data.reference).toMatch(/^CO-[2-9A-Z]{6}$/);
  });

  it('creates a complete property pending validation', async () => {
    const res = await send('POST', '/api/property', valid);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      municipalityName: 'Madrid',
      features: ['PAF001', 'PAF008'],
      owner: { validationStatus: 'PSG002' },
    });
  });

  it.each([
    [{ ...valid, surfaceM2: -3 }, 'surfaceM2'],
    [{ ...valid, rooms: 1.5 }, 'rooms'],
    [{ ...valid, propertyTypeCode: 'CASTILLO' }, 'propertyTypeCode'],
    [{ ...valid, features: ['PAF001', 'XXX'] }, 'features.1'],
    [{ ...valid, municipalityCode: '08019' }, 'municipalityCode'],
    [{ ...valid, municipalityCode: '28999' }, 'municipalityCode'],
    [{ ...valid, street: '' }, 'street'],
    [{ ...valid, postalCode: '2801' }, 'postalCode'],
  ])('refuses bad input %# with 400 naming the field, storing nothing', async (payload, field) => {
    const before = await countProperties();
    const res = await send('POST', '/api/property', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'INVALID_INPUT', field });
    expect(await countProperties()).toBe(before);
  });

  it('creates a draft under the id the client chose, and a second save with it continues that row', async () => {
    const id = crypto.randomUUID();
    const first = await send('POST', '/api/property/draft', { id, street: 'Calle del Olmo' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.id).toBe(id);
    // The same save again (a retry, or the browser's Back), then more fields.
    await send('POST', '/api/property/draft', { id, street: 'Calle del Olmo' });
    const more = await send('POST', '/api/property/draft', { id, street: 'Calle del Olmo', rooms: 2 });
    expect(more.json().data.id).toBe(id);
    const rows = await t.database.db.select().from(properties).where(eq(properties.id, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ street: 'Calle del Olmo', rooms: 2, ownerId: owner.user.id });
    // Another owner cannot take that id over.
    expect((await send('POST', '/api/property/draft', { id, rooms: 9 }, stranger.token)).statusCode).toBe(
      404,
    );
    expect((await t.database.db.select().from(properties).where(eq(properties.id, id)))[0]?.rooms).toBe(2);
  });

  it('keeps other users and visitors out (404 / 401)', async () => {
    const { id } = (await send('POST', '/api/property/draft', { street: 'Calle Mía' })).json().data;
    expect((await send('PUT', `/api/property/${id}`, valid, stranger.token)).statusCode).toBe(404);
    expect((await send('POST', '/api/property/draft', { id, rooms: 9 }, stranger.token)).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/property', payload: valid })).statusCode).toBe(
      401,
    );
    const [stored] = await t.database.db.select().from(properties).where(eq(properties.id, id));
    expect(stored?.rooms).toBeNull();
  });
});

describe('photos', () => {
  const upload = async (
    propertyId: string,
    file: { name: string; type: string; bytes: Buffer },
    token = owner.token,
  ) => {
    const body = await multipart({ propertyId }, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/announcement/images',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };

  it('re-encodes uploads to WebP in three sizes, orders them, reorders and deletes', async () => {
    const { id } = (await send('POST', '/api/property', valid)).json().data;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await upload(id, { name: `foto-${i}.jpg`, type: 'image/jpeg', bytes: jpeg });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.id);
    }
    const first = (
      await t.app.inject({
        method: 'GET',
        url: `/api/announcement/property/${id}/images`,
        headers: bearer(owner.token),
      })
    ).json().data;
    expect(first.map((i: { id: string }) => i.id)).toEqual(ids);
    const file = path.join(testConfig().dataDir, 'media', first[0].gallery.replace('/media/', ''));
    const meta = await sharp(fs.readFileSync(file)).metadata();
    expect(meta.format).toBe('webp');

    const reordered = await send('PUT', `/api/property/${id}/images/order`, {
      imageIds: [ids[2], ids[0], ids[1]],
    });
    expect(reordered.json().data.map((i: { id: string }) => i.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect((await send('PUT', `/api/property/${id}/images/order`, { imageIds: [ids[0]] })).statusCode).toBe(
      400,
    );

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/property/${id}/image/${ids[0]}`,
      headers: bearer(owner.token),
    });
    expect(deleted.json()).toEqual({ data: { deleted: true } });
    const rows = await t.database.db.select().from(propertyImages).where(eq(propertyImages.propertyId, id));
    expect(rows.map((r) => [r.id, r.position]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      [ids[2], 0],
      [ids[1], 1],
    ]);
    // The deleted photo's files go; the others stay.
    expect(fs.existsSync(file)).toBe(false);
    expect(
      fs.existsSync(path.join(testConfig().dataDir, 'media', first[1].gallery.replace('/media/', ''))),
    ).toBe(true);
  });

  it('refuses a file that is not an image whatever its name, and another owner', async () => {
    const { id } = (await send('POST', '/api/property', valid)).json().data;
    const fake = await upload(id, {
      name: 'foto.jpg',
      type: 'image/jpeg',
      bytes: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().errors[0].code).toBe('IMAGE_INVALID');
    const truncated = await upload(id, {
      name: 'rota.jpg',
      type: 'image/jpeg',
      bytes: jpeg.subarray(0, 400),
    });
    expect(truncated.statusCode).toBe(415);
    const empty = await upload(id, { name: 'vacia.jpg', type: 'image/jpeg', bytes: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ code: 'IMAGE_EMPTY', field: 'file' });
    expect(
      (await upload(id, { name: 'foto.jpg', type: 'image/jpeg', bytes: jpeg }, stranger.token)).statusCode,
    ).toBe(404);
    const bad = await multipart({ propertyId: 'nope' }, { name: 'a.jpg', type: 'image/jpeg', bytes: jpeg });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/announcement/images',
      headers: { ...bearer(owner.token), ...bad.headers },
      payload: bad.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(
      await t.database.db.select().from(propertyImages).where(eq(propertyImages.propertyId, id)),
    ).toEqual([]);
  });

  it('refuses a file over 15 MB with 413', async () => {
    const { id } = (await send('POST', '/api/property', valid)).json().data;
    const big = Buffer.concat([jpeg, Buffer.alloc(16 * 1024 * 1024)]);
    const res = await upload(id, { name: 'enorme.jpg', type: 'image/jpeg', bytes: big });
    expect(res.statusCode).toBe(413);
  });
});
