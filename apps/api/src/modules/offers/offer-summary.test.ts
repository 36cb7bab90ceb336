import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { offerSummary } from '@casaoferta/domain/rules/offer-summary';
import { createAnnouncement } from '../../db/factories';
import { announcements, offers } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { bearer, userWithSession } from '../../test/auth-helpers';
import { refreshOfferSummary } from './offer-store';

/**
 * Issue 23: the announcement's offer count and highest offer follow one rule (domain
 * rules/offer-summary.ts) in every state and on every screen: the owner's offers page, the candidate's
 * offer detail and lists, the property page. After the owner chooses, "Ofertas 2" and "Oferta más alta
 * 1.250 €/mes" stay, and the winner is selected, not "la más alta".
 */

let t: TestApp;
type Person = Awaited<ReturnType<typeof userWithSession>>;
let owner: Person;
let laura: Person;
let pablo: Person;
let visitor: Person;
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db, { name: 'Olga', surname: 'Dueña' });
  laura = await userWithSession(t.database.db, { name: 'Laura', surname: 'García' });
  pablo = await userWithSession(t.database.db, { name: 'Pablo', surname: 'Núñez' });
  visitor = await userWithSession(t.database.db, { name: 'Vera', surname: 'Curiosa' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, who: Person, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

const employment = { nif: '12345678Z', typeContractCode: 'UTC001', salary: 4000 };
async function offer(announcementId: string, who: Person, amount: number, id: string = randomUUID()) {
  const response = await call('POST', `/api/announcement/${announcementId}/offers`, who, {
    id,
    amount,
    ...employment,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return id;
}

interface Summary {
  offersCount: number;
  highestOffer: number | null;
}

/** The stored summary, checked against the domain's rule over the announcement's offers as they are. */
async function stored(announcementId: string): Promise<Summary> {
  const [a] = await t.database.db.select().from(announcements).where(eq(announcements.id, announcementId));
  if (!a) throw new Error('no announcement');
  const rows = await t.database.db.select().from(offers).where(eq(offers.announcementId, announcementId));
  const summary = { offersCount: a.offersCount, highestOffer: a.highestOffer };
  expect(summary).toEqual(offerSummary(rows, a.statusCode));
  return summary;
}

/** What the owner's offers page reads above the list. */
async function ownerPage(announcementId: string): Promise<Summary> {
  const response = await call('GET', `/api/announcement/${announcementId}/offers`, owner);
  expect(response.statusCode).toBe(200);
  const { offersCount, highestOffer } = (response.json() as { data: { announcement: Summary } }).data
    .announcement;
  return { offersCount, highestOffer };
}

interface CandidateView {
  statusCode: string;
  isHighest: boolean;
  announcement: Summary;
}

/** What a candidate reads on their offer's page. */
async function candidateDetail(announcementId: string, offerId: string, who: Person) {
  const response = await call('GET', `/api/announcement/${announcementId}/offer/${offerId}`, who);
  expect(response.statusCode).toBe(200);
  const { statusCode, isHighest, announcement } = (response.json() as { data: CandidateView }).data;
  return {
    statusCode,
    isHighest,
    offersCount: announcement.offersCount,
    highestOffer: announcement.highestOffer,
  };
}

/** What a candidate reads on /my-offers (every status). */
async function myOffersCard(offerId: string, who: Person) {
  const response = await call('POST', '/api/announcement/offers/search', who, { status: 'all', limit: 50 });
  expect(response.statusCode).toBe(200);
  const card = (response.json() as { data: { items: (CandidateView & { id: string })[] } }).data.items.find(
    (item) => item.id === offerId,
  );
  if (!card) throw new Error('no card');
  return {
    statusCode: card.statusCode,
    isHighest: card.isHighest,
    offersCount: card.announcement.offersCount,
    highestOffer: card.announcement.highestOffer,
  };
}

describe('the offer summary in every state (issue 23)', () => {
  it('keeps one count and one highest offer from the first offer to the contract', async () => {
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id, { isPaid: true });
    const id = announcement.id;
    const both = (offersCount: number, highestOffer: number | null) => ({ offersCount, highestOffer });

    // Open: Laura 1.150, Pablo 1.250.
    const lauras = await offer(id, laura, 1150);
    let pablos = await offer(id, pablo, 1250);
    expect(await stored(id)).toEqual(both(2, 1250));
    expect(await ownerPage(id)).toEqual(both(2, 1250));
    expect(await candidateDetail(id, pablos, pablo)).toEqual({
      statusCode: 'OSC001',
      isHighest: true,
      ...both(2, 1250),
    });
    expect(await candidateDetail(id, lauras, laura)).toEqual({
      statusCode: 'OSC001',
      isHighest: false,
      ...both(2, 1250),
    });

    // The public property page: a visitor reads the same figures.
    const page = await call('GET', `/api/property/${announcement.propertyId}`, visitor);
    expect(page.statusCode).toBe(200);
    expect((page.json() as { data: { announcement: Summary } }).data.announcement).toMatchObject(
      both(2, 1250),
    );

    // Edit: Laura raises to 1.200; Pablo withdraws, then offers again.
    await offer(id, laura, 1200, lauras);
    expect(await stored(id)).toEqual(both(2, 1250));
    const withdrawn = await call('PUT', `/api/announcement/${id}/offer/${pablos}/withdraw`, pablo);
    expect(withdrawn.statusCode).toBe(200);
    expect(await stored(id)).toEqual(both(1, 1200));
    expect(await candidateDetail(id, lauras, laura)).toEqual({
      statusCode: 'OSC001',
      isHighest: true,
      ...both(1, 1200),
    });
    pablos = await offer(id, pablo, 1250);
    expect(await stored(id)).toEqual(both(2, 1250));

    // Bidding closed: the same figures.
    expect((await call('PUT', `/api/announcement/${id}/close-bidding`, owner)).statusCode).toBe(200);
    expect(await stored(id)).toEqual(both(2, 1250));
    expect(await ownerPage(id)).toEqual(both(2, 1250));

    // The owner chooses Laura's 1.200: still 2 offers, the highest still 1.250; Laura has won (not
    // "la más alta"), Pablo is not selected and no longer competes.
    const selected = await call('POST', `/api/announcement/${id}/offer/${lauras}/select-tenant`, owner, {});
    expect(selected.statusCode).toBe(200);
    expect(await stored(id)).toEqual(both(2, 1250));
    expect(await ownerPage(id)).toEqual(both(2, 1250));
    expect(await candidateDetail(id, lauras, laura)).toEqual({
      statusCode: 'OSC002',
      isHighest: false,
      ...both(2, 1250),
    });
    expect(await candidateDetail(id, pablos, pablo)).toEqual({
      statusCode: 'OSC004',
      isHighest: false,
      ...both(2, 1250),
    });
    expect(await myOffersCard(lauras, laura)).toEqual({
      statusCode: 'OSC002',
      isHighest: false,
      ...both(2, 1250),
    });
    expect(await myOffersCard(pablos, pablo)).toEqual({
      statusCode: 'OSC004',
      isHighest: false,
      ...both(2, 1250),
    });
    const current = await call('GET', `/api/tenant/offers?announcementId=${id}`, laura);
    expect((current.json() as { data: CandidateView[] }).data.map((o) => o.announcement)).toMatchObject([
      both(2, 1250),
    ]);

    // Rented: the contract's signature moves the announcement to AST008; the rule gives the same figures.
    await t.database.db.update(announcements).set({ statusCode: 'AST008' }).where(eq(announcements.id, id));
    expect(await stored(id)).toEqual(both(2, 1250));
    await refreshOfferSummary(t.database.db, id);
    expect(await stored(id)).toEqual(both(2, 1250));
  });

  it('counts nothing once the owner withdraws the announcement, and visit requests without a price', async () => {
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id);
    await offer(announcement.id, laura, 1100);
    expect(await stored(announcement.id)).toEqual({ offersCount: 1, highestOffer: 1100 });
    expect((await call('POST', `/api/announcement/${announcement.id}/withdraw`, owner)).statusCode).toBe(200);
    expect(await stored(announcement.id)).toEqual({ offersCount: 0, highestOffer: null });

    const visits = (await createAnnouncement(t.database.db, owner.user.id, { offerTypeCode: 'AOT002' }))
      .announcement;
    await offer(visits.id, laura, 0);
    await offer(visits.id, pablo, 0);
    expect(await stored(visits.id)).toEqual({ offersCount: 2, highestOffer: null });
  });
});
