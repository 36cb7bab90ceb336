import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAnnouncement } from '../../db/factories';
import { announcements, offers } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { bearer, userWithSession } from '../../test/auth-helpers';
import { storeProfile } from './profile-test-support';

/**
 * Issue 23 point 9, "typed once": the employment section of an offer is saved to the tenant's profile
 * when the candidate ticks it (`saveToProfile`), in the offer's transaction; never without the tick.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithSession>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db, { name: 'Olga', surname: 'Dueña' });
});
afterAll(() => t.close());

const employment = { nif: ' 12345678z ', typeContractCode: 'UTC001', salary: 1850.5 };
const announcementOf = async (overrides: Partial<typeof announcements.$inferInsert> = {}) =>
  (await createAnnouncement(t.database.db, owner.user.id, overrides)).announcement;
const post = (announcementId: string, payload: object, token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/announcement/${announcementId}/offers`,
    headers: bearer(token),
    payload,
  });
const profileOf = async (token: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/tenant', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    id: string | null;
    nif: string | null;
    typeContractCode: string | null;
    salaryRangeCode: string | null;
    completeness: { hasTenantProfileCompletedToOffer: boolean; hasProfileCompletedToSaleOffer: boolean };
  };
};
const pendingActions = async (announcementId: string, token: string, amount: number) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/announcement/${announcementId}/pending-offers`,
    headers: bearer(token),
    payload: { offerId: randomUUID(), amount },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.actions as { hasTenantProfileCompletedToOffer: boolean };
};
const firstError = (response: { json: () => unknown }) =>
  (response.json() as { errors: { code: string; field?: string }[] }).errors[0];
const offerRows = (announcementId: string) =>
  t.database.db.select().from(offers).where(eq(offers.announcementId, announcementId));

describe('an offer with saveToProfile (issue 23 point 9)', () => {
  it('stores the employment section in the profile, and the next offer needs none', async () => {
    const candidate = await userWithSession(t.database.db);
    const announcement = await announcementOf();
    const body = { id: randomUUID(), amount: 1000, ...employment, saveToProfile: true };
    const response = await post(announcement.id, body, candidate.token);
    expect(response.statusCode).toBe(201);
    expect((await offerRows(announcement.id))[0]).toMatchObject({ nif: '12345678Z', salary: 1850 });
    // The identifier normalised, the contract type, the salary as its band (1.500–2.000 €: URS005).
    expect(await profileOf(candidate.token)).toMatchObject({
      nif: '12345678Z',
      typeContractCode: 'UTC001',
      salaryRangeCode: 'URS005',
      completeness: { hasTenantProfileCompletedToOffer: true, hasProfileCompletedToSaleOffer: true },
    });
    // The next rental asks for nothing: its offer goes without the section.
    const next = await announcementOf({ price: 900 });
    expect(await pendingActions(next.id, candidate.token, 900)).toMatchObject({
      hasTenantProfileCompletedToOffer: true,
    });
    const bare = await post(next.id, { id: randomUUID(), amount: 900 }, candidate.token);
    expect(bare.statusCode).toBe(201);
  });

  it('stores nothing in the profile without the tick (or with it unticked)', async () => {
    const candidate = await userWithSession(t.database.db);
    for (const saveToProfile of [undefined, false]) {
      const announcement = await announcementOf();
      const body = { id: randomUUID(), amount: 1000, ...employment, saveToProfile };
      expect((await post(announcement.id, body, candidate.token)).statusCode).toBe(201);
    }
    expect(await profileOf(candidate.token)).toMatchObject({
      id: null,
      nif: null,
      typeContractCode: null,
      salaryRangeCode: null,
    });
  });

  it('refuses a bad identifier or an unknown contract type: no offer, nothing in the profile', async () => {
    const candidate = await userWithSession(t.database.db);
    const announcement = await announcementOf();
    const badNif = await post(
      announcement.id,
      { id: randomUUID(), amount: 1000, ...employment, nif: '12345678A', saveToProfile: true },
      candidate.token,
    );
    expect([badNif.statusCode, firstError(badNif)]).toEqual([
      422,
      expect.objectContaining({ code: 'NIF_INVALID', field: 'nif' }),
    ]);
    const unknown = await post(
      announcement.id,
      { id: randomUUID(), amount: 1000, ...employment, typeContractCode: 'UTC999', saveToProfile: true },
      candidate.token,
    );
    // The profile's own code for a contract type it does not know; the offer is rolled back with it.
    expect([unknown.statusCode, firstError(unknown)]).toEqual([
      422,
      expect.objectContaining({ code: 'UNKNOWN_OPTION', field: 'typeContractCode' }),
    ]);
    expect(await offerRows(announcement.id)).toEqual([]);
    const [summary] = await t.database.db
      .select({ offersCount: announcements.offersCount })
      .from(announcements)
      .where(eq(announcements.id, announcement.id));
    expect(summary?.offersCount).toBe(0);
    expect(await profileOf(candidate.token)).toMatchObject({ id: null, nif: null });
  });

  it('keeps what the profile holds and the offer did not carry: a sale saves the contract type only', async () => {
    const candidate = await userWithSession(t.database.db);
    await storeProfile(t.database.db, candidate.user.id, { work: { nif: '11111111H' } });
    const sale = await announcementOf({ typeCode: 'ATY003', price: 240_000 });
    const body = {
      id: randomUUID(),
      amount: 240_000,
      offerPaymentType: 'OPT000',
      reasonPurchaseCode: 'ORP001',
      typeContractCode: 'UTC004',
      saveToProfile: true,
    };
    expect((await post(sale.id, body, candidate.token)).statusCode).toBe(201);
    expect(await profileOf(candidate.token)).toMatchObject({
      nif: '11111111H',
      typeContractCode: 'UTC004',
      salaryRangeCode: null,
      completeness: { hasTenantProfileCompletedToOffer: false, hasProfileCompletedToSaleOffer: true },
    });
  });
});
