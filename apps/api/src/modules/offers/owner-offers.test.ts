import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OwnerOffer, OwnerOfferDetail, OwnerOffers } from '@casaoferta/domain/schemas/offers';
import { defaultNotificationSettings } from '@casaoferta/domain/schemas/user-settings';
import { createAnnouncement, createOffer } from '../../db/factories';
import { announcements, offerEvents, offers, outbox, users } from '../../db/schema/index';
import { createSession } from '../../platform/auth';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import { storeProfile } from './profile-test-support';
import { invitesPerPhonePerDay } from './owner-tools';

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithSession>>;
let laura: Awaited<ReturnType<typeof userWithSession>>;
let pablo: Awaited<ReturnType<typeof userWithSession>>;
let stranger: Awaited<ReturnType<typeof userWithSession>>;
let agent: Awaited<ReturnType<typeof agentWithSession>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db, { name: 'Olga', surname: 'Dueña Ruiz' });
  laura = await userWithSession(t.database.db, { name: 'Laura', surname: 'García López', isVerified: true });
  pablo = await userWithSession(t.database.db, { name: 'Pablo', surname: 'núñez' });
  stranger = await userWithSession(t.database.db, { name: 'Sergio', surname: 'Extraño' });
  agent = await agentWithSession(t.database.db, 'supervisor');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token: string | null = owner.token, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
const errorCode = (response: { json: () => unknown }) =>
  (response.json() as { errors: { code: string }[] }).errors[0]?.code;
const db = () => t.database.db;

/** A live rental of the owner (1.000 €/mes) with Laura's offer of 1.100 and Pablo's of 900. */
async function rentalWithOffers(overrides: Partial<typeof announcements.$inferInsert> = {}) {
  const { announcement } = await createAnnouncement(db(), owner.user.id, overrides);
  const lauras = await createOffer(db(), announcement.id, laura.user.id, { amount: 1100, salary: 4000 });
  const pablos = await createOffer(db(), announcement.id, pablo.user.id, { amount: 900, salary: 2000 });
  return { announcement, lauras, pablos };
}
const base = (announcementId: string, offerId: string) =>
  `/api/announcement/${announcementId}/offer/${offerId}`;
const offerRow = async (offerId: string) => {
  const [row] = await db().select().from(offers).where(eq(offers.id, offerId));
  return row;
};
const announcementRow = async (announcementId: string) => {
  const [row] = await db().select().from(announcements).where(eq(announcements.id, announcementId));
  return row;
};
const events = async (offerId: string) =>
  (
    await db()
      .select({ kind: offerEvents.kind, reasonCode: offerEvents.reasonCode })
      .from(offerEvents)
      .where(eq(offerEvents.offerId, offerId))
      .orderBy(asc(offerEvents.id))
  ).map((e) => (e.reasonCode ? `${e.kind}:${e.reasonCode}` : e.kind));
const messagesTo = async (user: { phoneNumber: string | null }) =>
  db()
    .select({ channel: outbox.channel, subject: outbox.subject, body: outbox.body })
    .from(outbox)
    .where(eq(outbox.recipient, user.phoneNumber ?? '-'))
    .orderBy(asc(outbox.createdAt), asc(outbox.id));

describe('GET /api/announcement/:id/offers', () => {
  it('lists every offer with the candidate as "Laura G.", amounts locked until paid', async () => {
    const { announcement, lauras, pablos } = await rentalWithOffers();
    const withdrawn = await createOffer(db(), announcement.id, stranger.user.id, {
      amount: 950,
      statusCode: 'OSC003',
    });
    const response = await call('GET', `/api/announcement/${announcement.id}/offers`);
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: OwnerOffers }>().data;
    expect(data.announcement).toMatchObject({ id: announcement.id, isPaid: false, offersCount: 2 });
    expect(data.offers.map((o) => o.id).sort()).toEqual([lauras.id, pablos.id, withdrawn.id].sort());
    const lauraOffer = data.offers.find((o) => o.id === lauras.id);
    expect(lauraOffer).toMatchObject({
      amount: null,
      mortgageAmount: null,
      amountLocked: true,
      salary: 4000,
      candidate: { displayName: 'Laura G.', isVerified: true },
      isFavorite: false,
      seenAt: null,
      solvency: { statusCode: 'OSS002', ratio: null },
    });
    // Nowhere in the offer, as a number or in a text (ids and times left out: a uuid may hold '1100').
    const values = JSON.stringify(lauraOffer, (key, value: unknown) =>
      /(^id|Id|At)$/.test(key) ? undefined : value,
    );
    expect(values).not.toMatch(/\b1\.?100\b/);
    // 900 of 2.000 €: exactly 45 %, tight.
    expect(data.offers.find((o) => o.id === pablos.id)).toMatchObject({
      candidate: { displayName: 'Pablo N.', isVerified: false },
      solvency: { statusCode: 'OSS005', ratio: null },
    });
    expect(data.offers.find((o) => o.id === withdrawn.id)?.statusCode).toBe('OSC003');
  });

  it('shows the amounts and the solvency figures once the announcement is paid', async () => {
    const { announcement, lauras } = await rentalWithOffers({ isPaid: true });
    const data = (await call('GET', `/api/announcement/${announcement.id}/offers`)).json<{
      data: OwnerOffers;
    }>().data;
    const offer = data.offers.find((o) => o.id === lauras.id);
    expect(data.announcement.isPaid).toBe(true);
    expect(offer).toMatchObject({ amount: 1100, amountLocked: false, solvency: { statusCode: 'OSS002' } });
    expect(offer?.solvency.ratio).toBe(0.28);
    expect(offer?.solvency.reasons[0]).toBe(
      'El alquiler (1.100 €/mes) es el 28\u00a0% de los ingresos netos declarados (4.000 €/mes).',
    );
    expect(offer?.solvency.reasons.at(-1)).toBe(
      'Los ingresos los declara el candidato y aún no están verificados.',
    );
  });

  it('judges rentals by the incomes of each candidate’s household, guarantors included, in one list', async () => {
    const { announcement } = await createAnnouncement(db(), owner.user.id, { price: 1000 });
    // Holders 900 € (the tenant's band) + 1.200 € (a co-holder's): 1.100 is 52 % of 2.100 → insufficient.
    const withCoHolder = await userWithSession(db(), { name: 'Celia', surname: 'Cotitular' });
    await storeProfile(db(), withCoHolder.user.id, {
      work: { nif: '11111111H', typeContractCode: 'UTC002', salaryRangeCode: 'URS003' },
      coHolders: [{ nif: '22222222J', salaryRangeCode: 'URS004' }],
    });
    // Holders 900 €, a guarantor of 4.000 €: 1.100 is within 35 % of the household's (with guarantor).
    const withGuarantor = await userWithSession(db(), { name: 'Gonzalo', surname: 'Avalado' });
    await storeProfile(db(), withGuarantor.user.id, {
      work: { nif: '33333333P', typeContractCode: 'UTC001', salaryRangeCode: 'URS003' },
      guarantors: [{ nif: '44444444A', salaryRangeCode: 'URS009' }],
    });
    // Sent without the employment section: the row keeps nulls, the profile answers.
    const profileOnly = { nif: null, typeContractCode: null, salary: null };
    const celias = await createOffer(db(), announcement.id, withCoHolder.user.id, {
      amount: 1100,
      ...profileOnly,
    });
    // A declared salary does not count once the profile has incomes.
    const gonzalos = await createOffer(db(), announcement.id, withGuarantor.user.id, {
      amount: 1100,
      salary: 9000,
    });
    const list = async () =>
      (await call('GET', `/api/announcement/${announcement.id}/offers`)).json<{ data: OwnerOffers }>().data
        .offers;
    const locked = await list();
    expect(locked.find((o) => o.id === celias.id)).toMatchObject({
      typeContractCode: 'UTC002',
      salary: null,
      solvency: {
        statusCode: 'OSS004',
        ratio: null,
        reasons: [
          'El alquiler ofrecido supera el 35\u00a0% de los ingresos netos declarados.',
          'Calculado con el mínimo del tramo de ingresos de cada titular y avalista.',
        ],
        hasCoHolder: true,
        hasGuarantor: false,
      },
    });
    // Locked: the verdict and whom the candidate counts with, no figure.
    expect(locked.find((o) => o.id === gonzalos.id)?.solvency).toMatchObject({
      statusCode: 'OSS003',
      ratio: null,
      hasCoHolder: false,
      hasGuarantor: true,
    });
    expect(JSON.stringify(locked.map((o) => o.solvency.reasons))).not.toMatch(/\d{3}/);

    await db().update(announcements).set({ isPaid: true }).where(eq(announcements.id, announcement.id));
    const paid = await list();
    expect(paid.find((o) => o.id === celias.id)?.solvency).toMatchObject({
      statusCode: 'OSS004',
      ratio: 0.52,
    });
    // 1.100 of 900 + 4.000 € (the guarantor's counts in the household): 22 %.
    expect(paid.find((o) => o.id === gonzalos.id)?.solvency).toEqual({
      statusCode: 'OSS003',
      ratio: 0.22,
      reasons: [
        'El alquiler (1.100 €/mes) es el 22\u00a0% de los ingresos netos declarados (4.900 €/mes), contando los del avalista.',
        'Está dentro del 35\u00a0% recomendado.',
        'Es solvente gracias a los ingresos de sus avalistas.',
        'Calculado con el mínimo del tramo de ingresos de cada titular y avalista.',
      ],
      hasCoHolder: false,
      hasGuarantor: true,
    });
    // The preview of one offer reads the same profile.
    const preview = await call('POST', `${base(announcement.id, celias.id)}/solvency`);
    expect(preview.json().data).toMatchObject({ statusCode: 'OSS004', ratio: 0.52 });
  });

  it('judges sales by their payment and shows a visit request (amount 0) unlocked', async () => {
    const { announcement: sale } = await createAnnouncement(db(), owner.user.id, {
      typeCode: 'ATY003',
      price: 200_000,
    });
    const saleTerms = { salary: null, nif: null };
    const cash = await createOffer(db(), sale.id, laura.user.id, { amount: 190_000, ...saleTerms });
    const approved = await createOffer(db(), sale.id, pablo.user.id, {
      amount: 195_000,
      ...saleTerms,
      paymentType: 'OPT001',
      mortgageAmount: 150_000,
      mortgagePreApproved: true,
    });
    const toApprove = await createOffer(db(), sale.id, stranger.user.id, {
      amount: 200_000,
      ...saleTerms,
      paymentType: 'OPT001',
      mortgageAmount: 160_000,
      mortgagePreApproved: false,
    });
    const saleOffers = async () =>
      (await call('GET', `/api/announcement/${sale.id}/offers`)).json<{ data: OwnerOffers }>().data.offers;
    const solvencyOf = (offers: OwnerOffer[], id: string) => offers.find((o) => o.id === id)?.solvency;
    const locked = await saleOffers();
    expect(solvencyOf(locked, cash.id)).toEqual({
      statusCode: 'OSS002',
      ratio: null,
      reasons: ['Paga al contado: no depende de financiación.'],
      hasCoHolder: false,
      hasGuarantor: false,
    });
    expect(solvencyOf(locked, approved.id)).toEqual({
      statusCode: 'OSS002',
      ratio: null,
      reasons: ['Tiene una hipoteca preaprobada (importe oculto).'],
      hasCoHolder: false,
      hasGuarantor: false,
    });
    expect(solvencyOf(locked, toApprove.id)).toMatchObject({ statusCode: 'OSS005', ratio: null });
    expect(solvencyOf(locked, toApprove.id)?.reasons.join(' ')).not.toMatch(/160/);
    await db().update(announcements).set({ isPaid: true }).where(eq(announcements.id, sale.id));
    expect(solvencyOf(await saleOffers(), toApprove.id)?.reasons).toEqual([
      'Financia con hipoteca (160.000 €) aún sin preaprobar: depende de que el banco la conceda.',
    ]);
    const { announcement: saleVisits } = await createAnnouncement(db(), owner.user.id, {
      typeCode: 'ATY003',
      offerTypeCode: 'AOT002',
      price: 200_000,
    });
    await createOffer(db(), saleVisits.id, laura.user.id, { amount: 0, isVisitRequest: true, ...saleTerms });
    const visitOnSale = (await call('GET', `/api/announcement/${saleVisits.id}/offers`)).json<{
      data: OwnerOffers;
    }>().data.offers[0];
    expect(visitOnSale?.solvency.statusCode).toBe('OSS001');
    const { announcement: visits } = await createAnnouncement(db(), owner.user.id, {
      offerTypeCode: 'AOT002',
    });
    await createOffer(db(), visits.id, laura.user.id, { amount: 0, isVisitRequest: true, salary: 3000 });
    const visitData = (await call('GET', `/api/announcement/${visits.id}/offers`)).json<{
      data: OwnerOffers;
    }>().data;
    expect(visitData.offers[0]).toMatchObject({
      amount: 0,
      amountLocked: false,
      solvency: { statusCode: 'OSS002', ratio: 0.33 },
    });
  });

  it('answers 404 to anyone but the owner and 401 to a visitor', async () => {
    const { announcement } = await rentalWithOffers();
    const url = `/api/announcement/${announcement.id}/offers`;
    expect((await call('GET', url, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', url, laura.token)).statusCode).toBe(404);
    expect((await call('GET', url, null)).statusCode).toBe(401);
    expect((await call('GET', url, agent.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/announcement/${randomUUID()}/offers`)).statusCode).toBe(404);
  });
});

describe('GET /api/announcement/:id/offer/:offerId', () => {
  it('gives the owner the detail and marks it seen once, with one event and the timeline', async () => {
    const { announcement, lauras } = await rentalWithOffers();
    const opened = await Promise.all([0, 1, 2].map(() => call('GET', base(announcement.id, lauras.id))));
    expect(opened.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const detail = opened[0]?.json<{ data: OwnerOfferDetail }>().data;
    expect(detail?.candidate.displayName).toBe('Laura G.');
    expect(detail?.seenAt).not.toBeNull();
    expect(await events(lauras.id)).toEqual(['sent', 'seen']);
    const again = (await call('GET', base(announcement.id, lauras.id))).json<{ data: OwnerOfferDetail }>()
      .data;
    expect(again.timeline.map((e) => e.kind)).toEqual(['sent', 'seen']);
    // Locked until payment: the timeline does not give the amount away either.
    expect(again.timeline.map((e) => e.amount)).toEqual([null, null]);
    expect(again.seenAt).toBe((await offerRow(lauras.id))?.seenAt?.toISOString());
  });

  it('does not mark it seen when an agent acting as the owner opens it', async () => {
    const { announcement, lauras } = await rentalWithOffers();
    const asOwner = await createSession(db(), {
      userId: owner.user.id,
      kind: 'impersonation',
      agentId: agent.agent.id,
      reason: 'Ayuda con las ofertas',
    });
    const response = await call('GET', base(announcement.id, lauras.id), asOwner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: OwnerOfferDetail }>().data.seenAt).toBeNull();
    expect(await events(lauras.id)).toEqual(['sent']);
  });

  it('gives the candidate their own view, and 404 to anyone else', async () => {
    const { announcement, lauras } = await rentalWithOffers();
    const mine = await call('GET', base(announcement.id, lauras.id), laura.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ data: { id: lauras.id, amount: 1100, isHighest: true } });
    expect(mine.json().data.candidate).toBeUndefined();
    expect((await call('GET', base(announcement.id, lauras.id), pablo.token)).statusCode).toBe(404);
    expect((await call('GET', base(announcement.id, lauras.id), stranger.token)).statusCode).toBe(404);
    expect((await call('GET', base(announcement.id, lauras.id), null)).statusCode).toBe(401);
    // Another announcement's offer id under this announcement.
    const other = await rentalWithOffers();
    expect((await call('GET', base(announcement.id, other.lauras.id))).statusCode).toBe(404);
    expect(await events(lauras.id)).toEqual(['sent']);
  });
});

describe('favourites, unlock-price, tenant-contact, solvency', () => {
  it('marks and unmarks a favourite (idempotent), only the owner', async () => {
    const { announcement, lauras } = await rentalWithOffers();
    const mark = () => call('PUT', `${base(announcement.id, lauras.id)}/mark-favorite`);
    expect((await mark()).json<{ data: OwnerOffer }>().data.isFavorite).toBe(true);
    expect((await mark()).statusCode).toBe(200);
    expect((await offerRow(lauras.id))?.isFavorite).toBe(true);
    expect(
      (await call('PUT', `${base(announcement.id, lauras.id)}/mark-favorite`, laura.token)).statusCode,
    ).toBe(404);
    const unmark = await call('PUT', `${base(announcement.id, lauras.id)}/unmark-favorite`);
    expect(unmark.json<{ data: OwnerOffer }>().data.isFavorite).toBe(false);
    expect((await offerRow(lauras.id))?.isFavorite).toBe(false);
  });

  it('keeps price and contact locked until paid, then gives them', async () => {
    const { announcement, lauras } = await rentalWithOffers({ isPaid: false });
    expect((await call('GET', `${base(announcement.id, lauras.id)}/unlock-price`)).json().data).toEqual({
      unlocked: false,
      amount: null,
      mortgageAmount: null,
    });
    expect((await call('GET', `${base(announcement.id, lauras.id)}/tenant-contact`)).json().data).toEqual({
      unlocked: false,
      name: 'Laura G.',
      surname: null,
      phoneNumber: null,
    });
    await db().update(announcements).set({ isPaid: true }).where(eq(announcements.id, announcement.id));
    expect((await call('GET', `${base(announcement.id, lauras.id)}/unlock-price`)).json().data).toEqual({
      unlocked: true,
      amount: 1100,
      mortgageAmount: null,
    });
    expect((await call('GET', `${base(announcement.id, lauras.id)}/tenant-contact`)).json().data).toEqual({
      unlocked: true,
      name: 'Laura',
      surname: 'García López',
      phoneNumber: laura.user.phoneNumber,
    });
    for (const path of ['unlock-price', 'tenant-contact']) {
      expect(
        (await call('GET', `${base(announcement.id, lauras.id)}/${path}`, stranger.token)).statusCode,
      ).toBe(404);
    }
  });

  it('answers the solvency preview of one offer', async () => {
    const { announcement, pablos } = await rentalWithOffers();
    const response = await call('POST', `${base(announcement.id, pablos.id)}/solvency`);
    expect(response.json().data).toEqual({
      statusCode: 'OSS005',
      ratio: null,
      reasons: [
        'El alquiler ofrecido supera el 35\u00a0% de los ingresos netos declarados.',
        'Los ingresos los declara el candidato y aún no están verificados.',
      ],
      hasCoHolder: false,
      hasGuarantor: false,
    });
    expect((await call('POST', `${base(announcement.id, pablos.id)}/solvency`, pablo.token)).statusCode).toBe(
      404,
    );
  });
});

describe('POST .../select-tenant', () => {
  it('selects one offer, the others are not selected with the reason, each candidate is told', async () => {
    const { announcement, lauras, pablos } = await rentalWithOffers();
    const before = {
      laura: (await messagesTo(laura.user)).length,
      pablo: (await messagesTo(pablo.user)).length,
    };
    const response = await call('POST', `${base(announcement.id, lauras.id)}/select-tenant`, owner.token, {
      reasonCode: 'ODR003',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: OwnerOfferDetail }>().data).toMatchObject({
      id: lauras.id,
      statusCode: 'OSC002',
    });
    // The choice changes neither the count nor the highest offer (issue 23, domain rules/offer-summary.ts).
    expect(await announcementRow(announcement.id)).toMatchObject({
      statusCode: 'AST004',
      offersCount: 2,
      highestOffer: 1100,
    });
    expect(await offerRow(pablos.id)).toMatchObject({ statusCode: 'OSC004', decisionReasonCode: 'ODR003' });
    expect(await events(lauras.id)).toEqual(['sent', 'selected']);
    expect(await events(pablos.id)).toEqual(['sent', 'not-selected:ODR003']);
    // One message each, on WhatsApp (the default settings' first channel, issue 23).
    const lauraNotices = (await messagesTo(laura.user)).slice(before.laura);
    expect(lauraNotices.map((m) => [m.channel, m.subject])).toEqual([
      ['whatsapp', '¡Han elegido tu oferta!'],
    ]);
    const pabloNotices = (await messagesTo(pablo.user)).slice(before.pablo);
    expect(pabloNotices.map((m) => m.channel)).toEqual(['whatsapp']);
    expect(pabloNotices[0]?.body).toContain('Motivo: La solvencia.');
    // Pablo reads the outcome and its reason in his timeline.
    const pabloView = await call('GET', base(announcement.id, pablos.id), pablo.token);
    expect(pabloView.json().data).toMatchObject({ statusCode: 'OSC004', decisionReasonCode: 'ODR003' });
    expect(pabloView.json().data.timeline.at(-1)).toMatchObject({
      kind: 'not-selected',
      reasonCode: 'ODR003',
    });
  });

  it('refuses a withdrawn offer, a second selection, a closed announcement; others get 404', async () => {
    const { announcement, lauras, pablos } = await rentalWithOffers();
    await db().update(offers).set({ statusCode: 'OSC003' }).where(eq(offers.id, pablos.id));
    const select = (offerId: string, token = owner.token) =>
      call('POST', `${base(announcement.id, offerId)}/select-tenant`, token, {});
    expect(errorCode(await select(pablos.id))).toBe('OFFER_NOT_ACTIVE');
    expect((await announcementRow(announcement.id))?.statusCode).toBe('AST001');
    expect((await select(lauras.id, laura.token)).statusCode).toBe(404);
    expect((await select(lauras.id, stranger.token)).statusCode).toBe(404);
    expect((await select(lauras.id)).statusCode).toBe(200);
    const again = await select(lauras.id);
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('OFFER_ALREADY_SELECTED');
    const { announcement: withdrawnOne, lauras: other } = await rentalWithOffers({ statusCode: 'AST005' });
    const closed = await call('POST', `${base(withdrawnOne.id, other.id)}/select-tenant`, owner.token, {});
    expect(errorCode(closed)).toBe('INVALID_STATE');
  });

  it('answers 409 to the candidate who withdraws after being selected', async () => {
    const { announcement, lauras } = await rentalWithOffers();
    await call('POST', `${base(announcement.id, lauras.id)}/select-tenant`, owner.token, {});
    const withdraw = await call('PUT', `${base(announcement.id, lauras.id)}/withdraw`, laura.token);
    expect(withdraw.statusCode).toBe(409);
    expect(errorCode(withdraw)).toBe('OFFER_NOT_ACTIVE');
    expect((await offerRow(lauras.id))?.statusCode).toBe('OSC002');
  });
});

describe('closing, reopening, withdrawing the announcement', () => {
  it('tells every current candidate bidding closed, refuses new offers, then reopens', async () => {
    const { announcement, lauras, pablos } = await rentalWithOffers();
    const closedNotices = async () =>
      (await messagesTo(pablo.user)).filter(
        (m) => m.subject === 'El propietario ha cerrado la recepción de ofertas',
      ).length;
    const before = await closedNotices();
    const closed = await call('PUT', `/api/announcement/${announcement.id}/close-bidding`);
    expect(closed.statusCode).toBe(200);
    // One notice, on one channel (issue 23: WhatsApp by default).
    expect(await closedNotices()).toBe(before + 1);
    expect(await events(lauras.id)).toEqual(['sent', 'bidding-closed']);
    expect(await events(pablos.id)).toEqual(['sent', 'bidding-closed']);
    const late = await call('POST', `/api/announcement/${announcement.id}/offers`, stranger.token, {
      id: randomUUID(),
      amount: 1000,
      nif: '12345678Z',
      typeContractCode: 'UTC001',
      salary: 2500,
    });
    expect(late.statusCode).toBe(409);
    expect(errorCode(late)).toBe('ANNOUNCEMENT_NOT_OPEN');
    // The owner may still choose after closing; here they reopen instead.
    expect((await call('PUT', `/api/announcement/${announcement.id}/reactivate`)).statusCode).toBe(200);
    expect(await events(lauras.id)).toEqual(['sent', 'bidding-closed', 'bidding-reopened']);
  });

  it('ends the current offers when the owner withdraws the announcement', async () => {
    const { announcement, lauras, pablos } = await rentalWithOffers();
    await db().update(offers).set({ statusCode: 'OSC003' }).where(eq(offers.id, pablos.id));
    expect((await call('POST', `/api/announcement/${announcement.id}/withdraw`)).statusCode).toBe(200);
    expect(await offerRow(lauras.id)).toMatchObject({ statusCode: 'OSC005' });
    expect(await offerRow(pablos.id)).toMatchObject({ statusCode: 'OSC003' });
    expect(await events(lauras.id)).toEqual(['sent', 'ended']);
    expect(await events(pablos.id)).toEqual(['sent']);
    expect(await announcementRow(announcement.id)).toMatchObject({ offersCount: 0, highestOffer: null });
  });

  it('respects the candidates’ notification settings', async () => {
    const quiet = await userWithSession(db(), {
      name: 'Quima',
      surname: 'Silencio',
      notificationSettings: {
        ...defaultNotificationSettings,
        offers: { email: false, sms: false, whatsapp: true },
      },
    });
    const { announcement } = await createAnnouncement(db(), owner.user.id);
    await createOffer(db(), announcement.id, quiet.user.id, { amount: 1000 });
    await call('PUT', `/api/announcement/${announcement.id}/close-bidding`);
    const channels = (await messagesTo(quiet.user)).map((m) => m.channel);
    expect(channels).toEqual(['whatsapp']);
  });
});

describe('blocking a user', () => {
  it('withdraws their own current offers and ends the offers on their announcements', async () => {
    const blockedOwner = await userWithSession(db(), { name: 'Bea', surname: 'Bloqueada' });
    const { announcement: theirs } = await createAnnouncement(db(), blockedOwner.user.id);
    const onTheirs = await createOffer(db(), theirs.id, laura.user.id, { amount: 1000 });
    const { announcement: selectedOne } = await createAnnouncement(db(), owner.user.id);
    const { announcement: other, lauras } = await rentalWithOffers();
    const theirOffer = await createOffer(db(), other.id, blockedOwner.user.id, { amount: 1200 });
    const theirSelected = await createOffer(db(), selectedOne.id, blockedOwner.user.id, { amount: 1000 });
    await call('POST', `${base(selectedOne.id, theirSelected.id)}/select-tenant`, owner.token, {});

    const response = await call('POST', '/api/agents/users/black-list', agent.token, {
      userId: blockedOwner.user.id,
    });
    expect(response.statusCode).toBe(200);
    expect(await offerRow(onTheirs.id)).toMatchObject({ statusCode: 'OSC005' });
    expect(await events(onTheirs.id)).toEqual(['sent', 'ended']);
    expect(await offerRow(theirOffer.id)).toMatchObject({ statusCode: 'OSC003' });
    expect(await events(theirOffer.id)).toEqual(['sent', 'withdrawn']);
    expect(await announcementRow(other.id)).toMatchObject({ highestOffer: 1100, offersCount: 2 });
    expect(await offerRow(lauras.id)).toMatchObject({ statusCode: 'OSC001' });
    // The announcement whose chosen candidate is blocked goes back to bidding closed.
    expect(await offerRow(theirSelected.id)).toMatchObject({ statusCode: 'OSC003' });
    expect(await announcementRow(selectedOne.id)).toMatchObject({ statusCode: 'AST003', offersCount: 0 });
    const [blocked] = await db().select().from(users).where(eq(users.id, blockedOwner.user.id));
    expect(blocked?.isBlocked).toBe(true);
  });
});

describe('request-complete-data and invite', () => {
  it('notifies the candidate once a day per offer', async () => {
    const { announcement, pablos } = await rentalWithOffers();
    const url = `${base(announcement.id, pablos.id)}/request-complete-data`;
    const answers = await Promise.all([0, 1, 2, 3].map(() => call('POST', url)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429]);
    const asked = (await messagesTo(pablo.user)).filter(
      (m) => m.subject === 'El propietario te pide completar tu perfil',
    );
    // One notice, on one channel: WhatsApp, the first the default settings turn on (issue 23).
    expect(asked.map((m) => m.channel)).toEqual(['whatsapp']);
    expect((await call('POST', url, pablo.token)).statusCode).toBe(404);
  });

  it('refuses a withdrawn offer', async () => {
    const { announcement, pablos } = await rentalWithOffers();
    await db().update(offers).set({ statusCode: 'OSC003' }).where(eq(offers.id, pablos.id));
    const response = await call('POST', `${base(announcement.id, pablos.id)}/request-complete-data`);
    expect(errorCode(response)).toBe('OFFER_NOT_ACTIVE');
  });

  it('sends an SMS with the link to the property page, once per phone a day', async () => {
    const { announcement } = await createAnnouncement(db(), owner.user.id);
    const phone = `6${String(Date.now()).slice(-8)}`;
    const invite = (countryCode: string, phoneNumber: string, token: string | null = owner.token) =>
      call('POST', '/api/announcement/offers/invite', token, {
        announcementId: announcement.id,
        countryCode,
        phoneNumber,
      });
    const sent = await invite('ES', phone);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ phoneNumber: `+34${phone}` });
    const [sms] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, `+34${phone}`), eq(outbox.channel, 'sms')));
    expect(sms?.body).toContain(`/property/${announcement.propertyId}`);
    expect(sms?.body).toMatch(
      /^Te invitan a hacer una oferta por «Piso en alquiler en Madrid» en Casaoferta: http\S+$/,
    );
    const again = await invite('+34', phone);
    expect(errorCode(again)).toBe('RATE_LIMITED');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(errorCode(await invite('ES', '12345'))).toBe('INVALID_PHONE');
    expect((await invite('ES', '612345679', stranger.token)).statusCode).toBe(404);
    expect((await invite('ES', '612345679', null)).statusCode).toBe(401);
    const { announcement: closed } = await createAnnouncement(db(), owner.user.id, { statusCode: 'AST003' });
    const refused = await call('POST', '/api/announcement/offers/invite', owner.token, {
      announcementId: closed.id,
      countryCode: 'ES',
      phoneNumber: '612345679',
    });
    expect(errorCode(refused)).toBe('ANNOUNCEMENT_NOT_OPEN');
    const count = await db()
      .select({ id: outbox.id })
      .from(outbox)
      .where(inArray(outbox.recipient, [`+34${phone}`, '+34612345679']));
    expect(count).toHaveLength(1);
  });
});

describe('invitations relay no text of the owner (issue 22, point 5)', () => {
  const newPhone = () => `6${String(Date.now()).slice(-5)}${String(++phoneCount).padStart(3, '0')}`;
  let phoneCount = 0;
  const invite = (token: string, announcementId: string, phoneNumber: string) =>
    call('POST', '/api/announcement/offers/invite', token, {
      announcementId,
      countryCode: 'ES',
      phoneNumber,
    });
  const smsTo = (phone: string) =>
    db()
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.recipient, `+34${phone}`), eq(outbox.channel, 'sms')));

  it("names the property by its kind and town, never the owner's name or own title", async () => {
    // An account from before the name rule, and a title the owner wrote: neither reaches the SMS.
    const phisher = await userWithSession(db(), {
      name: 'Tu banco: cuenta bloqueada, entra en https://evil.example/es',
      surname: 'X.',
    });
    const { announcement } = await createAnnouncement(db(), phisher.user.id, {
      customTitle: 'Llama ya al 600 000 000 o entra en evil.example',
    });
    const phone = newPhone();
    expect((await invite(phisher.token, announcement.id, phone)).statusCode).toBe(200);
    const [sms] = await smsTo(phone);
    expect(sms?.body).toMatch(
      /^Te invitan a hacer una oferta por «Piso en alquiler en Madrid» en Casaoferta: /,
    );
    expect(sms?.body).not.toMatch(/evil|banco|600 000 000/);
  });

  it('sends one phone at most 3 invitations a day from all owners; the 4th is 429 with Retry-After', async () => {
    const phone = newPhone();
    const owners = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const someone = await userWithSession(db(), { name: 'Olga', surname: 'Dueña' });
        const { announcement } = await createAnnouncement(db(), someone.user.id);
        return { token: someone.token, announcementId: announcement.id };
      }),
    );
    for (const o of owners.slice(0, invitesPerPhonePerDay)) {
      expect((await invite(o.token, o.announcementId, phone)).statusCode).toBe(200);
    }
    const fourth = owners[invitesPerPhonePerDay];
    if (!fourth) throw new Error('no fourth owner');
    const refused = await invite(fourth.token, fourth.announcementId, phone);
    expect(refused.statusCode).toBe(429);
    expect(errorCode(refused)).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(await smsTo(phone)).toHaveLength(invitesPerPhonePerDay);
    // The refused owner's own budget was not spent: another phone still gets their invitation.
    expect((await invite(fourth.token, fourth.announcementId, newPhone())).statusCode).toBe(200);
  });

  it('of 12 invitations to one phone sent at once by different owners, exactly 3 are sent', async () => {
    const phone = newPhone();
    const owners = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const someone = await userWithSession(db(), { name: 'Olga', surname: 'Dueña' });
        const { announcement } = await createAnnouncement(db(), someone.user.id);
        return { token: someone.token, announcementId: announcement.id };
      }),
    );
    const answers = await Promise.all(owners.map((o) => invite(o.token, o.announcementId, phone)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(invitesPerPhonePerDay);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - invitesPerPhonePerDay);
    expect(answers.filter((r) => r.statusCode === 429).every((r) => r.headers['retry-after'])).toBe(true);
    expect(await smsTo(phone)).toHaveLength(invitesPerPhonePerDay);
  });

  it('of 5 invitations of one announcement to one phone sent at once, exactly 1 is sent', async () => {
    const phone = newPhone();
    const { announcement } = await createAnnouncement(db(), owner.user.id);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => invite(owner.token, announcement.id, phone)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(await smsTo(phone)).toHaveLength(1);
  });
});

describe('OpenAPI', () => {
  it('documents each owner route with the error codes it answers', async () => {
    const doc = (await call('GET', '/api/docs/json', null)).json<{
      paths: Record<string, Record<string, { description?: string }>>;
    }>();
    const description = (path: string, method: string) => doc.paths[path]?.[method]?.description ?? '';
    expect(description('/api/announcement/{id}/offer/{offerId}/select-tenant', 'post')).toMatch(
      /OFFER_ALREADY_SELECTED.*INVALID_STATE.*OFFER_NOT_ACTIVE/s,
    );
    expect(description('/api/announcement/{id}/offer/{offerId}/request-complete-data', 'post')).toMatch(
      /RATE_LIMITED/,
    );
    expect(description('/api/announcement/offers/invite', 'post')).toMatch(
      /INVALID_PHONE.*ANNOUNCEMENT_NOT_OPEN/s,
    );
    for (const path of [
      '/api/announcement/{id}/offers',
      '/api/announcement/{id}/offer/{offerId}',
      '/api/announcement/{id}/offer/{offerId}/mark-favorite',
      '/api/announcement/{id}/offer/{offerId}/unlock-price',
      '/api/announcement/{id}/offer/{offerId}/tenant-contact',
      '/api/announcement/{id}/offer/{offerId}/solvency',
    ]) {
      const methods = Object.values(doc.paths[path] ?? {});
      expect(
        methods.some((m) => /404/.test(m.description ?? '')),
        path,
      ).toBe(true);
    }
  });
});
