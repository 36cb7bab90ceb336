import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createProperty } from '../../db/factories';
import { propertyImages } from '../../db/schema/index';
import { imageDecodes } from '../../platform/images';
import { createTestApp, type TestApp } from '../../test/helpers';
import { bearer, userWithSession } from '../../test/auth-helpers';
import { multipart } from '../../test/multipart';
import { MAX_IMAGES_PER_PROPERTY, UPLOADS_PER_HOUR } from './images';

let t: TestApp;
let small: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const upload = async (token: string, propertyId: string, bytes: Buffer) => {
  const body = await multipart({ propertyId }, { name: 'foto.png', type: 'image/png', bytes });
  return t.app.inject({
    method: 'POST',
    url: '/api/announcement/images',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

/**
 * An owner with a session and an empty property of theirs, still being written (PSG000): a validated
 * one's photo changes wait in its pending revision (decision 011, moderated-edits.test.ts).
 */
const ownerWithProperty = async () => {
  const owner = await userWithSession(t.database.db);
  const property = await createProperty(t.database.db, owner.user.id, { validationStatus: 'PSG000' });
  return { token: owner.token, propertyId: property.id };
};

const positions = async (propertyId: string) =>
  (
    await t.database.db
      .select({ position: propertyImages.position })
      .from(propertyImages)
      .where(eq(propertyImages.propertyId, propertyId))
      .orderBy(asc(propertyImages.position))
  ).map((row) => row.position);

describe('photo uploads under concurrency', () => {
  it('gives three parallel uploads the positions 0, 1 and 2', async () => {
    const { token, propertyId } = await ownerWithProperty();
    const answers = await Promise.all([1, 2, 3].map(() => upload(token, propertyId, small)));
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect(await positions(propertyId)).toEqual([0, 1, 2]);
  });

  it('stores exactly 30 of 45 parallel uploads; the others get TOO_MANY_IMAGES', async () => {
    const { token, propertyId } = await ownerWithProperty();
    const answers = await Promise.all(Array.from({ length: 45 }, () => upload(token, propertyId, small)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_IMAGES_PER_PROPERTY);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(refused).toHaveLength(45 - MAX_IMAGES_PER_PROPERTY);
    for (const res of refused) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].code).toBe('TOO_MANY_IMAGES');
    }
    expect(await positions(propertyId)).toEqual([...Array(MAX_IMAGES_PER_PROPERTY).keys()]);
  });

  it('keeps positions unique while photos are deleted, reordered and uploaded at once', async () => {
    const { token, propertyId } = await ownerWithProperty();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await upload(token, propertyId, small)).json().data.id);
    const [first = '', second = '', third = '', fourth = ''] = ids;
    const [deleted, uploadedA, reordered, uploadedB] = await Promise.all([
      t.app.inject({
        method: 'DELETE',
        url: `/api/property/${propertyId}/image/${second}`,
        headers: bearer(token),
      }),
      upload(token, propertyId, small),
      t.app.inject({
        method: 'PUT',
        url: `/api/property/${propertyId}/images/order`,
        headers: bearer(token),
        payload: { imageIds: [fourth, third, second, first] },
      }),
      upload(token, propertyId, small),
    ]);
    expect([deleted?.statusCode, uploadedA?.statusCode, uploadedB?.statusCode]).toEqual([200, 201, 201]);
    // The reorder names the four photos it saw: it runs before the others change them, or is refused.
    expect([200, 400]).toContain(reordered?.statusCode);
    expect(await positions(propertyId)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('image decoding under load', () => {
  it('decodes one photo at a time, however many arrive together', async () => {
    const { token, propertyId } = await ownerWithProperty();
    const photo = await sharp({
      create: { width: 2400, height: 1600, channels: 3, background: '#8a6d3b' },
    })
      .jpeg()
      .toBuffer();
    let busiest = 0;
    let done = false;
    const uploads = Promise.all(Array.from({ length: 4 }, () => upload(token, propertyId, photo))).finally(
      () => {
        done = true;
      },
    );
    while (!done) {
      busiest = Math.max(busiest, imageDecodes.active);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await uploads).map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    expect(busiest).toBe(1);
  });

  it('refuses a picture over 40 megapixels from its header (413), whatever its file size', async () => {
    const { token, propertyId } = await ownerWithProperty();
    const bomb = await sharp({ create: { width: 8001, height: 5000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(200 * 1024);
    const res = await upload(token, propertyId, bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0]).toMatchObject({ code: 'IMAGE_TOO_LARGE', field: 'file' });
    expect(await positions(propertyId)).toEqual([]);
  });

  it(`limits each user to ${UPLOADS_PER_HOUR} uploads an hour (429 with Retry-After), not other users`, async () => {
    const { token, propertyId } = await ownerWithProperty();
    const junk = Buffer.from('not an image');
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) {
      expect((await upload(token, propertyId, junk)).statusCode).toBe(415);
    }
    const limited = await upload(token, propertyId, small);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0].code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const other = await ownerWithProperty();
    expect((await upload(other.token, other.propertyId, small)).statusCode).toBe(201);
  });
});
