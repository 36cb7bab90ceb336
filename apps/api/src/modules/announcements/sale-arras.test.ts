import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAnnouncement, createOffer, createProperty } from '../../db/factories';
import { announcements, contracts, offers } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { bearer, userWithSession } from '../../test/auth-helpers';
import { ownerForm } from '../contracts/test-support';

/** Issue 23 point 13: a sale states its arras; the contract drafted from it carries them. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithSession>>;
let buyer: Awaited<ReturnType<typeof userWithSession>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db);
  buyer = await userWithSession(t.database.db);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = owner.token) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const rowsOf = (propertyId: string) =>
  t.database.db.select().from(announcements).where(eq(announcements.propertyId, propertyId));

describe('arras of a sale announcement', () => {
  it('stores the arras the owner states and changes them on an edit', async () => {
    const property = await createProperty(t.database.db, owner.user.id, { validationStatus: 'PSG001' });
    const arras = { typeCode: 'ARS001', unit: 'percent', value: 10 };
    const sale = await call('POST', '/api/announcement/sale', {
      propertyId: property.id,
      price: 245_000,
      arras,
    });
    expect(sale.statusCode).toBe(201);
    expect(sale.json().data.details).toMatchObject({ arras });
    const id: string = sale.json().data.id;
    const edit = await call('PUT', `/api/announcement/${id}/sale`, {
      propertyId: property.id,
      price: 240_000,
      arras: { typeCode: 'ARS002', unit: 'euros', value: 20_000 },
    });
    expect(edit.statusCode).toBe(200);
    const [row] = await rowsOf(property.id);
    expect(row?.details).toMatchObject({ arras: { typeCode: 'ARS002', unit: 'euros', value: 20_000 } });
  });

  it.each([
    [{ typeCode: 'ARS001', unit: 'percent', value: 40 }, 422, 'ARRAS_PERCENT_OUT_OF_RANGE'],
    [{ typeCode: 'ARS001', unit: 'percent', value: 0 }, 400, 'INVALID_INPUT'],
    [{ typeCode: 'ARS003', unit: 'euros', value: 245_000 }, 422, 'ARRAS_OVER_PRICE'],
    [{ typeCode: 'ARS003', unit: 'euros', value: 300_000 }, 422, 'ARRAS_OVER_PRICE'],
    [{ typeCode: 'señal', unit: 'percent', value: 10 }, 400, 'INVALID_INPUT'],
    [{ typeCode: 'ARS001', unit: 'libras', value: 10 }, 400, 'INVALID_INPUT'],
  ])('refuses the arras %j with %i %s and stores nothing', async (arras, status, code) => {
    const property = await createProperty(t.database.db, owner.user.id, { validationStatus: 'PSG001' });
    for (const url of ['/api/announcement/sale', '/api/announcement/sale/draft']) {
      const res = await call('POST', url, { propertyId: property.id, price: 245_000, arras });
      expect([res.statusCode, res.json().errors[0].code]).toEqual([status, code]);
    }
    expect(await rowsOf(property.id)).toEqual([]);
  });

  it('judges arras in euros against the stored price when a draft leaves the price out', async () => {
    const property = await createProperty(t.database.db, owner.user.id, { validationStatus: 'PSG001' });
    const id = crypto.randomUUID();
    expect(
      (await call('POST', '/api/announcement/sale/draft', { id, propertyId: property.id, price: 90_000 }))
        .statusCode,
    ).toBe(200);
    const over = await call('POST', '/api/announcement/sale/draft', {
      id,
      propertyId: property.id,
      arras: { typeCode: 'ARS001', unit: 'euros', value: 95_000 },
    });
    expect([over.statusCode, over.json().errors[0].code]).toEqual([422, 'ARRAS_OVER_PRICE']);
    const [row] = await rowsOf(property.id);
    expect(row?.details).not.toHaveProperty('arras');
  });
});

describe('the contract of a sale with arras', () => {
  async function draftOn(details: Record<string, unknown>, amount: number) {
    const { announcement } = await createAnnouncement(
      t.database.db,
      owner.user.id,
      { statusCode: 'AST004', typeCode: 'ATY003', price: 240_000, isPaid: true, details },
      { streetNumber: '10', postalCode: '28014', door: 'B' },
    );
    await createOffer(t.database.db, announcement.id, buyer.user.id, { amount, statusCode: 'OSC002' });
    const res = await call('POST', '/api/contract/draft', { announcementId: announcement.id });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as string;
  }
  const termsOf = async (id: string) =>
    (await t.database.db.select().from(contracts).where(eq(contracts.id, id)))[0]?.terms as {
      sale: { arrasTypeCode: string; arrasAmount: number };
    };

  it('drafts the arras the announcement states: the percentage on the agreed amount, of its kind', async () => {
    const id = await draftOn({ arras: { typeCode: 'ARS002', unit: 'percent', value: 5 } }, 230_000);
    expect((await termsOf(id)).sale).toMatchObject({ arrasTypeCode: 'ARS002', arrasAmount: 11_500 });
    const owners = await call('GET', `/api/contract/${id}/owner`);
    expect(owners.json().data.sale).toMatchObject({ arrasTypeCode: 'ARS002', arrasAmount: 11_500 });
  });

  it('drafts an amount in euros as stated, and keeps the kind when the owner saves the terms', async () => {
    const id = await draftOn({ arras: { typeCode: 'ARS003', unit: 'euros', value: 15_000 } }, 230_000);
    expect((await termsOf(id)).sale).toMatchObject({ arrasTypeCode: 'ARS003', arrasAmount: 15_000 });
    const sale = {
      arrasTypeCode: 'ARS001' as const,
      arrasAmount: 20_000,
      deedDeadline: '2031-06-30',
      iban: null,
      conditionCodes: [],
    };
    const saved = await call('PUT', `/api/contract/${id}/owner`, ownerForm({ rental: null, sale }));
    expect(saved.statusCode).toBe(200);
    expect((await termsOf(id)).sale).toMatchObject({ arrasTypeCode: 'ARS003', arrasAmount: 20_000 });
  });

  it('drafts 10 % penitenciales for a sale that states no arras', async () => {
    const id = await draftOn({}, 230_000);
    expect((await termsOf(id)).sale).toMatchObject({ arrasTypeCode: 'ARS001', arrasAmount: 23_000 });
  });
});

describe('a buyer’s offer on a sale with arras', () => {
  const offer = (overrides: object = {}) => ({
    id: crypto.randomUUID(),
    amount: 240_000,
    offerPaymentType: 'OPT000',
    reasonPurchaseCode: 'ORP001',
    typeContractCode: 'UTC001',
    ...overrides,
  });
  const offersOf = (announcementId: string) =>
    t.database.db.select().from(offers).where(eq(offers.announcementId, announcementId));

  it('must accept the arras the announcement states: 422 ARRAS_NOT_ACCEPTED storing nothing, else sent', async () => {
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id, {
      typeCode: 'ATY003',
      price: 240_000,
      details: { arras: { typeCode: 'ARS001', unit: 'percent', value: 10 } },
    });
    const url = `/api/announcement/${announcement.id}/offers`;
    for (const answer of [{}, { acceptsArras: false }]) {
      const refused = await call('POST', url, offer(answer), buyer.token);
      expect([refused.statusCode, refused.json().errors[0]]).toEqual([
        422,
        expect.objectContaining({ code: 'ARRAS_NOT_ACCEPTED', field: 'acceptsArras' }),
      ]);
    }
    expect(await offersOf(announcement.id)).toEqual([]);
    const sent = await call('POST', url, offer({ acceptsArras: true }), buyer.token);
    expect(sent.statusCode).toBe(201);
    expect(await offersOf(announcement.id)).toHaveLength(1);
  });

  it('stores the arras accepted with the offer and shows them to the buyer and to the owner', async () => {
    const arras = { typeCode: 'ARS002', unit: 'euros', value: 20_000 };
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id, {
      typeCode: 'ATY003',
      price: 240_000,
      details: { arras },
    });
    const body = offer({ acceptsArras: true });
    const sent = await call('POST', `/api/announcement/${announcement.id}/offers`, body, buyer.token);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data.acceptedArras).toEqual(arras);
    const [row] = await offersOf(announcement.id);
    expect(row?.acceptedArras).toEqual(arras);
    const mine = await call(
      'GET',
      `/api/announcement/${announcement.id}/offer/${body.id}`,
      undefined,
      buyer.token,
    );
    expect(mine.json().data.acceptedArras).toEqual(arras);
    const owners = await call('GET', `/api/announcement/${announcement.id}/offers`);
    expect(owners.json().data.offers[0].acceptedArras).toEqual(arras);
    const detail = await call('GET', `/api/announcement/${announcement.id}/offer/${body.id}`);
    expect(detail.json().data.acceptedArras).toEqual(arras);
  });

  it('stores the arras stated at the last edit: changed arras must be accepted again, and a retry is an edit', async () => {
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id, {
      typeCode: 'ATY003',
      price: 240_000,
      details: { arras: { typeCode: 'ARS001', unit: 'percent', value: 10 } },
    });
    const url = `/api/announcement/${announcement.id}/offers`;
    const body = offer({ acceptsArras: true });
    expect((await call('POST', url, body, buyer.token)).statusCode).toBe(201);
    const changed = { typeCode: 'ARS003', unit: 'percent', value: 5 };
    await t.database.db
      .update(announcements)
      .set({ details: { arras: changed } })
      .where(eq(announcements.id, announcement.id));
    const refused = await call('POST', url, { ...body, amount: 235_000, acceptsArras: false }, buyer.token);
    expect([refused.statusCode, refused.json().errors[0].code]).toEqual([422, 'ARRAS_NOT_ACCEPTED']);
    expect((await offersOf(announcement.id))[0]).toMatchObject({
      amount: 240_000,
      acceptedArras: { typeCode: 'ARS001', unit: 'percent', value: 10 },
    });
    // The same terms sent again answer the arras stated now: an edit that stores them.
    const again = await call('POST', url, body, buyer.token);
    expect([again.statusCode, again.json().data.acceptedArras]).toEqual([200, changed]);
    expect((await offersOf(announcement.id))[0]?.acceptedArras).toEqual(changed);
  });

  it('drafts the sale contract with the arras the selected offer accepted, not those stated since', async () => {
    const { announcement } = await createAnnouncement(
      t.database.db,
      owner.user.id,
      {
        statusCode: 'AST004',
        typeCode: 'ATY003',
        price: 240_000,
        isPaid: true,
        details: { arras: { typeCode: 'ARS001', unit: 'percent', value: 20 } },
      },
      { streetNumber: '10', postalCode: '28014', door: 'B' },
    );
    await createOffer(t.database.db, announcement.id, buyer.user.id, {
      amount: 230_000,
      statusCode: 'OSC002',
      acceptedArras: { typeCode: 'ARS002', unit: 'percent', value: 5 },
    });
    const res = await call('POST', '/api/contract/draft', { announcementId: announcement.id });
    expect(res.statusCode).toBe(201);
    const [contract] = await t.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.id, res.json().data.id as string));
    expect(contract?.terms).toMatchObject({ sale: { arrasTypeCode: 'ARS002', arrasAmount: 11_500 } });
  });

  it('asks nothing of an offer on a sale that states no arras', async () => {
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id, {
      typeCode: 'ATY003',
      price: 240_000,
    });
    const sent = await call('POST', `/api/announcement/${announcement.id}/offers`, offer(), buyer.token);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data.acceptedArras).toBeNull();
  });
});
