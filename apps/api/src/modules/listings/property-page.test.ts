import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnnouncement, createOffer, createProperty, createUser } from '../../db/factories';
import { propertyImages } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { bearer, userWithSession } from '../../test/auth-helpers';
import { createSession } from '../../platform/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (id: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/property/${id}`, headers: token ? bearer(token) : {} });

describe('GET /api/property/{id}', () => {
  it('shows a live property to anyone, with its announcement and ordered images', async () => {
    const owner = await createUser(t.database.db);
    const { property, announcement } = await createAnnouncement(t.database.db, owner.id, {
      typeCode: 'ATY003',
      price: 240_000,
      details: { communityFees: 80, ibi: 450 },
    });
    await t.database.db.insert(propertyImages).values([
      { propertyId: property.id, position: 1, storageKey: 'demo/b', width: 800, height: 600 },
      { propertyId: property.id, position: 0, storageKey: 'demo/a', width: 800, height: 600 },
    ]);
    const res = await get(property.id);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({
      id: property.id,
      reference: property.reference,
      municipalityName: 'Madrid',
      provinceName: 'Madrid',
      announcement: {
        id: announcement.id,
        price: 240_000,
        typeCode: 'ATY003',
        details: { communityFees: 80, ibi: 450 },
      },
    });
    expect(page.images.map((i: { gallery: string }) => i.gallery)).toEqual([
      '/media/demo/a-gallery.webp',
      '/media/demo/b-gallery.webp',
    ]);
    expect(JSON.stringify(page)).not.toContain(property.streetNumber ?? 'no-number');
  });

  it('hides a property without a live announcement from everyone but its owner', async () => {
    const owner = await createUser(t.database.db);
    const draft = await createProperty(t.database.db, owner.id, {
      validationStatus: 'PSG000',
      streetNumber: '12',
    });
    const { token: ownerToken } = await createSession(t.database.db, { userId: owner.id, kind: 'user' });
    const stranger = await userWithSession(t.database.db);
    expect((await get(draft.id)).statusCode).toBe(404);
    expect((await get(draft.id, stranger.token)).statusCode).toBe(404);
    const mine = await get(draft.id, ownerToken);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.announcement).toBeNull();
  });

  it('tells a signed-in candidate their own current offer and whether it is the highest, and nobody else', async () => {
    const owner = await userWithSession(t.database.db);
    const { property, announcement } = await createAnnouncement(t.database.db, owner.user.id, { price: 800 });
    const tenant = await userWithSession(t.database.db);
    const rival = await userWithSession(t.database.db);
    const stranger = await userWithSession(t.database.db);
    const mine = await createOffer(t.database.db, announcement.id, tenant.user.id, { amount: 840 });
    const theirs = await createOffer(t.database.db, announcement.id, rival.user.id, { amount: 820 });

    const own = (await get(property.id, tenant.token)).json().data;
    expect(own.yourOffer).toEqual({
      id: mine.id,
      amount: 840,
      statusCode: 'OSC001',
      isVisitRequest: false,
      isHighest: true,
    });
    expect((await get(property.id, rival.token)).json().data.yourOffer).toMatchObject({
      id: theirs.id,
      amount: 820,
      isHighest: false,
    });
    // Another user, the owner and a visitor never see anyone's offer.
    const other = (await get(property.id, stranger.token)).json().data;
    expect(other.yourOffer).toBeNull();
    const ownerView = (await get(property.id, owner.token)).json().data;
    expect(ownerView).not.toHaveProperty('yourOffer');
    const visitor = await get(property.id);
    expect(visitor.json().data).not.toHaveProperty('yourOffer');
    for (const body of [other, ownerView, visitor.json().data]) {
      expect(JSON.stringify(body)).not.toContain(mine.id);
      expect(JSON.stringify(body)).not.toContain(theirs.id);
    }

    // A withdrawn offer is no current offer: the page offers 'Hacer oferta' again.
    const withdrawn = await t.app.inject({
      method: 'PUT',
      url: `/api/announcement/${announcement.id}/offer/${mine.id}/withdraw`,
      headers: bearer(tenant.token),
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await get(property.id, tenant.token)).json().data.yourOffer).toBeNull();
    expect((await get(property.id, rival.token)).json().data.yourOffer).toMatchObject({ isHighest: true });
  });

  it('tells a candidate their visit request, never as the highest offer', async () => {
    const owner = await createUser(t.database.db);
    const { property, announcement } = await createAnnouncement(t.database.db, owner.id, {
      offerTypeCode: 'AOT002',
    });
    const tenant = await userWithSession(t.database.db);
    const visit = await createOffer(t.database.db, announcement.id, tenant.user.id, {
      amount: 0,
      isVisitRequest: true,
    });
    expect((await get(property.id, tenant.token)).json().data.yourOffer).toEqual({
      id: visit.id,
      amount: 0,
      statusCode: 'OSC001',
      isVisitRequest: true,
      isHighest: false,
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await get('3f0e8a5e-2c1b-4a7e-9d2f-0a1b2c3d4e5f')).statusCode).toBe(404);
    const bad = await get('1; drop table properties');
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/announcement/{id}/location', () => {
  it('shows the street of a live announcement to anyone and the number to its owner only', async () => {
    const owner = await createUser(t.database.db);
    const { announcement } = await createAnnouncement(
      t.database.db,
      owner.id,
      {},
      { streetNumber: '7', postalCode: '28014' },
    );
    const { token } = await createSession(t.database.db, { userId: owner.id, kind: 'user' });
    const url = `/api/announcement/${announcement.id}/location`;
    const visitor = await t.app.inject({ method: 'GET', url });
    expect(visitor.json().data).toMatchObject({
      street: 'Calle de Alcalá',
      streetNumber: null,
      municipalityName: 'Madrid',
      provinceName: 'Madrid',
    });
    const mine = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(mine.json().data.streetNumber).toBe('7');
  });

  it('answers 404 for a draft to others, and for unknown ids', async () => {
    const owner = await createUser(t.database.db);
    const { announcement } = await createAnnouncement(t.database.db, owner.id, { statusCode: 'AST000' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/announcement/${announcement.id}/location` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/announcement/3f0e8a5e-2c1b-4a7e-9d2f-0a1b2c3d4e5f/location',
        })
      ).statusCode,
    ).toBe(404);
  });
});
