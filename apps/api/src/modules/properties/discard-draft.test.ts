import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createAnnouncement, createProperty } from '../../db/factories';
import { announcements, properties, propertyImages, users } from '../../db/schema/index';
import { imageFile, imageSizes, type ImageSize } from '../../platform/media';
import { createTestApp, testConfig, type TestApp } from '../../test/helpers';
import { bearer, userWithSession } from '../../test/auth-helpers';
import { multipart } from '../../test/multipart';

let t: TestApp;
let owner: { token: string; user: { id: string } };
let stranger: { token: string; user: { id: string } };
let jpeg: Buffer;
const mediaRoot = path.join(testConfig().dataDir, 'media');

beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db);
  stranger = await userWithSession(t.database.db);
  jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#996633' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
  });
const discard = (id: string, token = owner.token) => call('DELETE', `/api/property/${id}`, token);

async function newDraft(token = owner.token): Promise<string> {
  const res = await call('POST', '/api/property/draft', token, {
    street: 'Calle del Espíritu Santo',
    provinceCode: '28',
    municipalityCode: '28079',
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.id;
}

async function upload(propertyId: string): Promise<string> {
  const body = await multipart({ propertyId }, { name: 'foto.jpg', type: 'image/jpeg', bytes: jpeg });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/announcement/images',
    headers: { ...bearer(owner.token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

const storageKeysOf = async (propertyId: string) =>
  (await t.database.db.select().from(propertyImages).where(eq(propertyImages.propertyId, propertyId))).map(
    (row) => row.storageKey,
  );
const filesOf = (storageKey: string) =>
  (Object.keys(imageSizes) as ImageSize[]).map((size) => imageFile(mediaRoot, storageKey, size));
const propertyRow = async (id: string) =>
  (await t.database.db.select().from(properties).where(eq(properties.id, id)))[0];

describe('DELETE /api/property/{id}', () => {
  it('discards a draft with its draft announcements, photo rows and photo files', async () => {
    const id = await newDraft();
    await upload(id);
    await upload(id);
    const announcement = await call('POST', '/api/announcement/draft', owner.token, {
      propertyId: id,
      price: 900,
    });
    expect(announcement.statusCode).toBe(200);
    const keys = await storageKeysOf(id);
    const files = keys.flatMap(filesOf);
    expect(files).toHaveLength(6);
    for (const file of files) expect(fs.existsSync(file), file).toBe(true);
    const listed = (await call('GET', '/api/announcement/properties', owner.token)).json().data;
    expect(listed.find((p: { id: string }) => p.id === id)).toMatchObject({
      canDiscard: true,
      announcements: 1,
    });

    const res = await discard(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { deleted: true } });

    expect(await propertyRow(id)).toBeUndefined();
    expect(await storageKeysOf(id)).toEqual([]);
    expect(await t.database.db.select().from(announcements).where(eq(announcements.propertyId, id))).toEqual(
      [],
    );
    for (const file of files) expect(fs.existsSync(file), file).toBe(false);
    expect(fs.existsSync(path.join(mediaRoot, 'properties', id))).toBe(false);
    const after = (await call('GET', '/api/announcement/properties', owner.token)).json().data;
    expect(after.map((p: { id: string }) => p.id)).not.toContain(id);
    expect((await discard(id)).statusCode).toBe(404);
  });

  it('keeps the files another row still names (demo photos are shared)', async () => {
    const kept = await createProperty(t.database.db, owner.user.id);
    await upload(kept.id);
    const [storageKey = ''] = await storageKeysOf(kept.id);
    const id = await newDraft();
    await t.database.db
      .insert(propertyImages)
      .values({ propertyId: id, position: 0, storageKey, width: 800, height: 600 });
    expect((await discard(id)).statusCode).toBe(200);
    for (const file of filesOf(storageKey)) expect(fs.existsSync(file), file).toBe(true);
    expect(await storageKeysOf(kept.id)).toEqual([storageKey]);
  });

  it('refuses with 409 PROPERTY_NOT_DISCARDABLE once sent to validation or announced, and keeps everything', async () => {
    const submitted = await newDraft();
    await upload(submitted);
    await t.database.db
      .update(properties)
      .set({ validationStatus: 'PSG002' })
      .where(eq(properties.id, submitted));
    const { property: validated } = await createAnnouncement(t.database.db, owner.user.id);
    const { property: endedDraft } = await createAnnouncement(
      t.database.db,
      owner.user.id,
      { statusCode: 'AST006' },
      { validationStatus: 'PSG000' },
    );
    for (const id of [submitted, validated.id, endedDraft.id]) {
      const res = await discard(id);
      expect(res.statusCode, id).toBe(409);
      expect(res.json().errors[0].code).toBe('PROPERTY_NOT_DISCARDABLE');
      expect(await propertyRow(id), id).toBeDefined();
    }
    const [key = ''] = await storageKeysOf(submitted);
    for (const file of filesOf(key)) expect(fs.existsSync(file), file).toBe(true);
    const listed = (await call('GET', '/api/announcement/properties', owner.token)).json().data as {
      id: string;
      canDiscard: boolean;
    }[];
    expect(
      listed.filter((p) => [submitted, validated.id, endedDraft.id].includes(p.id)).map((p) => p.canDiscard),
    ).toEqual([false, false, false]);
  });

  it("keeps another user's property out of reach (404) and untouched", async () => {
    const id = await newDraft();
    const res = await discard(id, stranger.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('NOT_FOUND');
    expect(await propertyRow(id)).toBeDefined();
  });

  it('needs a session (401), refuses a blocked user (401) and a malformed id (400)', async () => {
    const id = await newDraft();
    const anonymous = await call('DELETE', `/api/property/${id}`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().errors[0].code).toBe('UNAUTHENTICATED');

    const blocked = await userWithSession(t.database.db);
    const theirs = await newDraft(blocked.token);
    await t.database.db.update(users).set({ isBlocked: true }).where(eq(users.id, blocked.user.id));
    expect((await discard(theirs, blocked.token)).statusCode).toBe(401);
    expect(await propertyRow(theirs)).toBeDefined();

    const malformed = await call('DELETE', '/api/property/not-a-uuid', owner.token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'id' });
    expect(await propertyRow(id)).toBeDefined();
  });

  it('is documented in OpenAPI', async () => {
    const doc = (await call('GET', '/api/docs/json')).json<{
      paths: Record<string, { delete?: { summary?: string } }>;
    }>();
    expect(doc.paths['/api/property/{id}']?.delete?.summary).toMatch(/Discard a property draft/);
  });
});
