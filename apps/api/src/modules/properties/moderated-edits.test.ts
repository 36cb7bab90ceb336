import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createAnnouncement, createProperty } from '../../db/factories';
import { announcements, properties } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import { multipart } from '../../test/multipart';
import { propertyForm } from '../../test/samples';

/** Decision 011: the approved version of a live listing stays public until an agent approves the edit. */
let t: TestApp;
let owner: { token: string; user: { id: string } };
let agentToken: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db);
  agentToken = (await agentWithSession(t.database.db, 'agent')).token;
});
afterAll(() => t.close());

const edited = {
  ...propertyForm,
  street: 'Paseo de Recoletos',
  rooms: 4,
  bathrooms: 2,
  propertyTypeCode: 'PTY002',
};

const ownerCall = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(owner.token), ...(payload ? { payload } : {}) });
const publicPage = async (propertyId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/property/${propertyId}` })).json().data;
const ownerPage = async (propertyId: string) =>
  (await ownerCall('GET', `/api/property/${propertyId}`)).json().data;
const search = async (q: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/announcement/search', payload: { q } })).json().data
    .items as { id: string; rooms: number; bathrooms: number; image: { id: string } | null }[];
const review = async (propertyId: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/agents/property/${propertyId}/review`,
      headers: bearer(agentToken),
    })
  ).json().data;
const decide = (propertyId: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/agents/property/${propertyId}/validate`,
    headers: bearer(agentToken),
    payload: body,
  });
const upload = async (propertyId: string, colour: string) => {
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const body = await multipart({ propertyId }, { name: 'foto.jpg', type: 'image/jpeg', bytes });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/announcement/images',
    headers: { ...bearer(owner.token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
};
const ownerGallery = async (propertyId: string) =>
  (
    (await ownerCall('GET', `/api/announcement/property/${propertyId}/images`)).json().data as {
      id: string;
    }[]
  ).map((image) => image.id);
const ids = (images: { id: string }[]) => images.map((image) => image.id);

/** A validated property with a live announcement, made by its owner, with a word to search it by. */
async function liveListing(word: string) {
  const { property, announcement } = await createAnnouncement(
    t.database.db,
    owner.user.id,
    { customTitle: `Piso ${word}` },
    { street: propertyForm.street },
  );
  return { propertyId: property.id, announcementId: announcement.id };
}

describe('an edit of a live listing waits for an agent', () => {
  it('keeps the approved version on the public page and in search until the revision is approved', async () => {
    const { propertyId, announcementId } = await liveListing('zafiro');
    const sent = await ownerCall('PUT', `/api/property/${propertyId}`, edited);
    expect(sent.statusCode).toBe(200);

    // The public keeps the approved version; both states still say validated and published.
    expect(await publicPage(propertyId)).toMatchObject({
      street: 'Calle de Alcalá',
      rooms: 2,
      bathrooms: 1,
      propertyTypeCode: 'PTY001',
      announcement: { id: announcementId, statusCode: 'AST001' },
    });
    expect(await search('zafiro')).toMatchObject([{ id: announcementId, rooms: 2, bathrooms: 1 }]);
    expect(await search('recoletos')).toEqual([]);
    const [row] = await t.database.db.select().from(properties).where(eq(properties.id, propertyId));
    expect(row?.validationStatus).toBe('PSG001');

    // The owner sees the revision waiting, and the live state.
    expect((await ownerPage(propertyId)).owner).toMatchObject({
      validationStatus: 'PSG001',
      live: true,
      pendingRevision: {
        status: 'pending',
        reason: null,
        fields: { street: 'Paseo de Recoletos', rooms: 4 },
      },
    });

    const listed = (await ownerCall('GET', '/api/announcement/properties')).json().data as {
      id: string;
      revisionStatus: string | null;
    }[];
    expect(listed.find((item) => item.id === propertyId)?.revisionStatus).toBe('pending');

    const { revision, pendingRevision } = await review(propertyId);
    expect(pendingRevision.fields).toMatchObject({ street: 'Paseo de Recoletos', rooms: 4, bathrooms: 2 });
    expect((await decide(propertyId, { validate: true, revision })).statusCode).toBe(200);

    expect(await publicPage(propertyId)).toMatchObject({
      street: 'Paseo de Recoletos',
      rooms: 4,
      bathrooms: 2,
      propertyTypeCode: 'PTY002',
      announcement: { id: announcementId, statusCode: 'AST001' },
    });
    expect(await search('recoletos')).toMatchObject([{ id: announcementId, rooms: 4, bathrooms: 2 }]);
    expect((await ownerPage(propertyId)).owner).toMatchObject({
      validationStatus: 'PSG001',
      pendingRevision: null,
    });
  });

  it('keeps the approved version when the revision is rejected, and tells the owner why', async () => {
    const { propertyId, announcementId } = await liveListing('topacio');
    await ownerCall('PUT', `/api/property/${propertyId}`, edited);
    const { revision } = await review(propertyId);
    expect(
      (await decide(propertyId, { validate: false, reasons: 'La calle no coincide', revision })).statusCode,
    ).toBe(200);
    expect(await publicPage(propertyId)).toMatchObject({ street: 'Calle de Alcalá', rooms: 2 });
    expect(await search('topacio')).toMatchObject([{ id: announcementId, rooms: 2 }]);
    expect((await ownerPage(propertyId)).owner).toMatchObject({
      validationStatus: 'PSG001',
      validationReason: null,
      pendingRevision: {
        status: 'rejected',
        reason: 'La calle no coincide',
        fields: { street: 'Paseo de Recoletos' },
      },
    });
    // Corrected and sent again: pending once more.
    await ownerCall('PUT', `/api/property/${propertyId}`, { ...edited, street: 'Calle de Alcalá' });
    expect((await ownerPage(propertyId)).owner.pendingRevision).toMatchObject({
      status: 'pending',
      reason: null,
    });
  });

  it('answers 409 REVISION_OUTDATED to an approval of a version the owner has changed since', async () => {
    const { propertyId } = await liveListing('onix');
    await ownerCall('PUT', `/api/property/${propertyId}`, edited);
    const { revision } = await review(propertyId);
    await ownerCall('PUT', `/api/property/${propertyId}`, { ...edited, rooms: 5 });
    const stale = await decide(propertyId, { validate: true, revision });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0].code).toBe('REVISION_OUTDATED');
    expect(await publicPage(propertyId)).toMatchObject({ street: 'Calle de Alcalá', rooms: 2 });
    const current = await review(propertyId);
    expect(current.revision).toBe(revision + 1);
    expect((await decide(propertyId, { validate: true, revision: current.revision })).statusCode).toBe(200);
    expect(await publicPage(propertyId)).toMatchObject({ rooms: 5 });
  });

  it('drops a revision the owner takes back to the approved version', async () => {
    const { propertyId } = await liveListing('jade');
    await ownerCall('PUT', `/api/property/${propertyId}`, edited);
    await ownerCall('PUT', `/api/property/${propertyId}`, propertyForm);
    expect((await ownerPage(propertyId)).owner.pendingRevision).toBeNull();
  });

  it('applies an edit at once while the property was never approved (nothing of it is public)', async () => {
    const property = await createProperty(t.database.db, owner.user.id, { validationStatus: 'PSG002' });
    await ownerCall('PUT', `/api/property/${property.id}`, edited);
    expect((await ownerPage(property.id)).owner).toMatchObject({
      validationStatus: 'PSG002',
      pendingRevision: null,
    });
    expect(await ownerPage(property.id)).toMatchObject({ street: 'Paseo de Recoletos', rooms: 4 });
  });
});

describe('photos of a live listing wait for an agent too', () => {
  it('shows uploads, deletions and a new order to the owner only, and to everyone once approved', async () => {
    const { propertyId, announcementId } = await liveListing('rubi');
    const first = await upload(propertyId, '#aa3333');
    const second = await upload(propertyId, '#33aa33');
    // Made live with two approved photos (the revision those uploads made is approved first).
    const setup = await review(propertyId);
    expect((await decide(propertyId, { validate: true, revision: setup.revision })).statusCode).toBe(200);
    expect(ids((await publicPage(propertyId)).images)).toEqual([first, second]);
    expect((await search('rubi'))[0]?.image?.id).toBe(first);

    const third = await upload(propertyId, '#3333aa');
    expect((await ownerCall('DELETE', `/api/property/${propertyId}/image/${first}`)).statusCode).toBe(200);
    const order = await ownerCall('PUT', `/api/property/${propertyId}/images/order`, {
      imageIds: [third, second],
    });
    expect(ids(order.json().data)).toEqual([third, second]);

    expect(await ownerGallery(propertyId)).toEqual([third, second]);
    expect(ids((await publicPage(propertyId)).images)).toEqual([first, second]);
    expect((await search('rubi'))[0]?.image?.id).toBe(first);
    const pending = await review(propertyId);
    expect(ids(pending.live.images)).toEqual([first, second]);
    expect(ids(pending.pendingRevision.images)).toEqual([third, second]);

    expect((await decide(propertyId, { validate: true, revision: pending.revision })).statusCode).toBe(200);
    expect(ids((await publicPage(propertyId)).images)).toEqual([third, second]);
    expect((await search('rubi'))[0]).toMatchObject({ id: announcementId, image: { id: third } });
    expect(await ownerGallery(propertyId)).toEqual([third, second]);
  });

  it('deletes at once a photo uploaded into the revision and never shown', async () => {
    const { propertyId } = await liveListing('ambar');
    const uploaded = await upload(propertyId, '#aaaa33');
    expect(await ownerGallery(propertyId)).toEqual([uploaded]);
    expect((await ownerCall('DELETE', `/api/property/${propertyId}/image/${uploaded}`)).statusCode).toBe(200);
    expect(await ownerGallery(propertyId)).toEqual([]);
    expect((await ownerPage(propertyId)).owner.pendingRevision).toBeNull();
    const [row] = await t.database.db
      .select()
      .from(announcements)
      .where(eq(announcements.propertyId, propertyId));
    expect(row?.coverImageId).toBeNull();
  });
});
