import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAnnouncement, createOffer, createProperty, createUser } from '../../db/factories';
import { priceBounds } from '@casaoferta/domain/rules/price-bounds';
import { announcements, offerEvents } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { bearer, userWithSession } from '../../test/auth-helpers';
import { endExpiredAnnouncements } from '../validation/validate';
import { decideCurrentAnnouncement, decideCurrentProperty } from '../../test/decisions';

let t: TestApp;
let owner: { token: string; user: { id: string } };
let stranger: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db);
  stranger = await userWithSession(t.database.db);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = owner.token) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const newProperty = (validationStatus = 'PSG001') =>
  createProperty(t.database.db, owner.user.id, { validationStatus });

describe('announcement forms', () => {
  it('saves a rental draft bit by bit, then completes it with PUT', async () => {
    const property = await newProperty();
    const draft = await call('POST', '/api/announcement/draft', { propertyId: property.id, price: 950 });
    expect(draft.statusCode).toBe(200);
    const { id } = draft.json().data;
    expect(draft.json().data).toMatchObject({
      typeCode: 'ATY002',
      statusCode: 'AST000',
      price: 950,
      actions: { canPublish: true, canDiscardDraft: true },
    });
    await call('POST', '/api/announcement/draft', { id, propertyId: property.id, depositCode: 'ADP001' });
    const full = await call('PUT', `/api/announcement/${id}`, {
      propertyId: property.id,
      price: 1000,
      depositCode: 'ADP001',
      contractDurationCode: 'ACD002',
      petTypeCode: 'APT002',
      furnished: true,
      responsibilityChargeCodes: ['ARC001'],
      durationCode: 'ADU003',
    });
    expect(full.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(announcements).where(eq(announcements.id, id));
    expect(row).toMatchObject({ price: 1000, petsAllowed: true, furnished: true, periodDays: 60 });
    expect(row?.details).toMatchObject({
      depositCode: 'ADP001',
      contractDurationCode: 'ACD002',
      responsibilityChargeCodes: ['ARC001'],
    });
  });

  it('creates a draft under the id the client chose; saving it again continues that one row', async () => {
    const property = await newProperty();
    const id = crypto.randomUUID();
    const draft = { id, propertyId: property.id, price: 245_000 };
    const first = await call('POST', '/api/announcement/sale/draft', draft);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ id, typeCode: 'ATY003', statusCode: 'AST000' });
    expect((await call('POST', '/api/announcement/sale/draft', draft)).statusCode).toBe(200);
    await call('POST', '/api/announcement/sale/draft', { ...draft, ibi: 300 });
    const rows = await t.database.db
      .select()
      .from(announcements)
      .where(eq(announcements.propertyId, property.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, price: 245_000, details: { ibi: 300 } });
    // The id stays the owner's and the kind's; a PUT never creates.
    expect((await call('POST', '/api/announcement/sale/draft', draft, stranger.token)).statusCode).toBe(404);
    expect((await call('POST', '/api/announcement/draft', { ...draft, price: 900 })).statusCode).toBe(404);
    const unknown = crypto.randomUUID();
    const put = await call('PUT', `/api/announcement/${unknown}/sale`, {
      propertyId: property.id,
      price: 245_000,
    });
    expect(put.statusCode).toBe(404);
  });

  it('creates sale and room announcements with their own fields', async () => {
    const property = await newProperty();
    const sale = await call('POST', '/api/announcement/sale', {
      propertyId: property.id,
      price: 240_000,
      communityFees: 60,
      ibi: 400,
      offerTypeCode: 'AOT002',
    });
    expect(sale.statusCode).toBe(201);
    expect(sale.json().data).toMatchObject({
      typeCode: 'ATY003',
      offerTypeCode: 'AOT002',
      details: { communityFees: 60, ibi: 400 },
    });
    const room = await call('POST', '/api/announcement/room-rental', {
      propertyId: property.id,
      price: 420,
      roomTypeCode: 'PRT002',
      lifestyleCodes: ['ALS001'],
    });
    expect(room.json().data).toMatchObject({
      typeCode: 'ATY001',
      details: { roomTypeCode: 'PRT002', lifestyleCodes: ['ALS001'] },
    });
    const wrongKind = await call('PUT', `/api/announcement/${sale.json().data.id}/room-rental`, {
      propertyId: property.id,
      price: 420,
      roomTypeCode: 'PRT002',
    });
    expect(wrongKind.statusCode).toBe(404);
  });

  it.each([
    ['/api/announcement/sale', { price: 1.5 }, 'price'],
    ['/api/announcement/room-rental', { price: 400, roomTypeCode: 'SUITE' }, 'roomTypeCode'],
    ['/api/announcement/room-rental', { price: 400 }, 'roomTypeCode'],
    ['/api/announcement/sale', { price: 100_000, offerTypeCode: 'AOT999' }, 'offerTypeCode'],
  ])('%s refuses %j with 400 on %s', async (url, body, field) => {
    const property = await newProperty();
    const res = await call('POST', url, { propertyId: property.id, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'INVALID_INPUT', field });
    expect(
      await t.database.db.select().from(announcements).where(eq(announcements.propertyId, property.id)),
    ).toEqual([]);
  });

  // Hard limits of rules/price-bounds: the same rule for the three kinds, drafts included.
  it.each([
    ['/api/announcement/sale', { price: 0 }],
    ['/api/announcement/sale', { price: -100 }],
    ['/api/announcement/sale', { price: 250 }],
    ['/api/announcement/sale', { price: 1e10 }],
    ['/api/announcement/sale/draft', { price: 250 }],
    ['/api/announcement/draft', { price: 95_000 }],
    ['/api/announcement/draft', { price: 40 }],
    ['/api/announcement/room-rental', { price: 20_000, roomTypeCode: 'PRT002' }],
    ['/api/announcement/room-rental/draft', { price: 6_000 }],
  ])('%s refuses the absurd price of %j with 422 PRICE_OUT_OF_RANGE', async (url, body) => {
    const property = await newProperty();
    const res = await call('POST', url, { propertyId: property.id, ...body });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ code: 'PRICE_OUT_OF_RANGE', field: 'price' });
    expect(
      await t.database.db.select().from(announcements).where(eq(announcements.propertyId, property.id)),
    ).toEqual([]);
  });

  it('accepts the limits themselves and an unusual but possible price', async () => {
    const property = await newProperty();
    const cases: [string, number][] = [
      ['/api/announcement/sale/draft', priceBounds.sale.min],
      ['/api/announcement/sale/draft', priceBounds.sale.max],
      ['/api/announcement/draft', priceBounds.rental.max],
      ['/api/announcement/room-rental/draft', priceBounds.room.min],
      ['/api/announcement/room-rental/draft', 2_500],
    ];
    for (const [url, price] of cases) {
      const res = await call('POST', url, { propertyId: property.id, price });
      expect(res.statusCode, `${url} ${price}`).toBe(200);
    }
  });

  it("keeps another user's property and announcement out of reach (404)", async () => {
    const property = await newProperty();
    expect(
      (await call('POST', '/api/announcement/draft', { propertyId: property.id, price: 800 }, stranger.token))
        .statusCode,
    ).toBe(404);
    const { id } = (
      await call('POST', '/api/announcement/draft', { propertyId: property.id, price: 800 })
    ).json().data;
    for (const [method, url] of [
      ['GET', `/api/announcement/${id}`],
      ['POST', `/api/announcement/${id}/publish`],
      ['POST', `/api/announcement/${id}/draft-withdraw`],
      ['PUT', `/api/announcement/${id}/close-bidding`],
    ] as const) {
      expect((await call(method, url, undefined, stranger.token)).statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/announcement/${id}` })).statusCode).toBe(401);
  });
});

describe('lifecycle', () => {
  it('publishes only on a property sent to validation, goes live after validation, and then shows in the catalogue', async () => {
    const pending = await newProperty('PSG000');
    const { id } = (
      await call('POST', '/api/announcement/draft', { propertyId: pending.id, price: 900 })
    ).json().data;
    const refused = await call('POST', `/api/announcement/${id}/publish`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe('PROPERTY_NOT_VALIDATED');

    await decideCurrentProperty(t.database.db, pending.id, { approve: true });
    const published = await call('POST', `/api/announcement/${id}/publish`);
    expect(published.json().data.statusCode).toBe('AST002');
    expect((await call('POST', `/api/announcement/${id}/publish`)).statusCode).toBe(409);

    await decideCurrentAnnouncement(t.database.db, id, { approve: true });
    const live = (await call('GET', `/api/announcement/${id}`)).json().data;
    expect(live).toMatchObject({
      statusCode: 'AST001',
      daysLeft: 30,
      actions: { canCloseBidding: true, canWithdraw: true },
    });
    const search = await t.app.inject({ method: 'POST', url: '/api/announcement/search', payload: {} });
    expect(search.json().data.items.map((i: { id: string }) => i.id)).toContain(id);
  });

  it('shows the rejection reason, takes a review request, and refuses a rejected property', async () => {
    const rejected = await newProperty('PSG002');
    await decideCurrentProperty(t.database.db, rejected.id, {
      approve: false,
      reason: 'Fotos de otra vivienda',
    });
    const { id } = (
      await call('POST', '/api/announcement/draft', { propertyId: rejected.id, price: 700 })
    ).json().data;
    const res = await call('POST', `/api/announcement/${id}/publish`);
    expect(res.json().errors[0].code).toBe('PROPERTY_REJECTED');
    const view = (await call('GET', `/api/announcement/${id}`)).json().data;
    expect(view).toMatchObject({
      propertyValidationReason: 'Fotos de otra vivienda',
      actions: { canRequestReview: true },
    });
    const review = await call('PUT', `/api/announcement/${id}/request-review`);
    expect(review.json().data.propertyValidationStatus).toBe('PSG002');
  });

  it('closes bidding, reactivates, withdraws, and refuses moves from the wrong state with 409', async () => {
    const property = await newProperty();
    const { id } = (
      await call('POST', '/api/announcement/draft', { propertyId: property.id, price: 1200 })
    ).json().data;
    expect((await call('PUT', `/api/announcement/${id}/close-bidding`)).statusCode).toBe(409);
    await call('POST', `/api/announcement/${id}/publish`);
    await decideCurrentAnnouncement(t.database.db, id, { approve: true });
    expect((await call('PUT', `/api/announcement/${id}/close-bidding`)).json().data.statusCode).toBe(
      'AST003',
    );
    expect((await call('PUT', `/api/announcement/${id}/reactivate`)).json().data.statusCode).toBe('AST001');
    expect((await call('POST', `/api/announcement/${id}/withdraw`)).json().data.statusCode).toBe('AST005');
    expect((await call('POST', `/api/announcement/${id}/withdraw`)).statusCode).toBe(409);
    expect(
      (await call('PUT', `/api/announcement/${id}`, { propertyId: property.id, price: 1100 })).statusCode,
    ).toBe(409);
    expect((await call('PUT', `/api/announcement/${id}/reactivate`)).json().data.statusCode).toBe('AST002');
  });

  it('discards a draft and nothing else', async () => {
    const property = await newProperty();
    const { id } = (
      await call('POST', '/api/announcement/draft', { propertyId: property.id, price: 500 })
    ).json().data;
    expect((await call('POST', `/api/announcement/${id}/draft-withdraw`)).json()).toEqual({
      data: { discarded: true },
    });
    expect((await call('GET', `/api/announcement/${id}`)).statusCode).toBe(404);
  });

  it('ends announcements whose period is over', async () => {
    const property = await newProperty();
    const { id } = (
      await call('POST', '/api/announcement/draft', { propertyId: property.id, price: 650 })
    ).json().data;
    await call('POST', `/api/announcement/${id}/publish`);
    await decideCurrentAnnouncement(t.database.db, id, { approve: true });
    await t.database.db
      .update(announcements)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(announcements.id, id));
    expect(await endExpiredAnnouncements(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/api/announcement/${id}`)).json().data.statusCode).toBe('AST006');
  });

  it('closes the bidding of an announcement whose period is over while it has offers, and tells the candidates', async () => {
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id, {
      endsAt: new Date(Date.now() - 1000),
    });
    const candidate = await createUser(t.database.db);
    const offer = await createOffer(t.database.db, announcement.id, candidate.id);
    expect(await endExpiredAnnouncements(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/api/announcement/${announcement.id}`)).json().data.statusCode).toBe('AST003');
    const events = await t.database.db.select().from(offerEvents).where(eq(offerEvents.offerId, offer.id));
    expect(events.map((e) => e.kind)).toEqual(['sent', 'bidding-closed']);
  });

  it('lists the owner’s announcements and properties only', async () => {
    const mine = await call('GET', '/api/announcement/in-progress');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.length).toBeGreaterThan(3);
    expect(
      (await call('GET', '/api/announcement/in-progress', undefined, stranger.token)).json().data,
    ).toEqual([]);
    const props = (await call('GET', '/api/announcement/properties')).json().data;
    expect(props[0]).toMatchObject({
      validationStatus: expect.stringMatching(/^PSG00[0-4]$/),
      reference: expect.any(String),
    });
  });
});

describe('agent decisions (SPEC 4.5)', () => {
  it('needs a reason to reject and follows the allowed transitions', async () => {
    const property = await newProperty('PSG000');
    await expect(decideCurrentProperty(t.database.db, property.id, { approve: false })).rejects.toThrow();
    await expect(
      decideCurrentProperty(t.database.db, property.id, { approve: false, reason: 'x' }),
    ).rejects.toMatchObject({ code: 'INVALID_STATE' });
    await decideCurrentProperty(t.database.db, property.id, { approve: true });
    await expect(decideCurrentProperty(t.database.db, property.id, { approve: true })).rejects.toMatchObject({
      code: 'INVALID_STATE',
    });
  });
});
