import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAnnouncement, createOffer } from '../../db/factories';
import { announcements, offerEvents, offers, outbox, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import { createSession } from '../../platform/auth';
import { completeWork, storeProfile, type ProfileFixture } from './profile-test-support';

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithSession>>;
let tenant: Awaited<ReturnType<typeof userWithSession>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db, { name: 'Olga', surname: 'Dueña' });
  tenant = await userWithSession(t.database.db, { name: 'Teo', surname: 'Inquilino' });
});
afterAll(() => t.close());

/** What a rental offer carries while the tenant profile is incomplete (SPEC 5.3). */
const employment = { nif: ' 12345678z ', typeContractCode: 'UTC001', salary: 2500.9 };
const rentalOffer = (amount = 1000, id: string = randomUUID()) => ({ id, amount, ...employment });
const saleOffer = (overrides: object = {}) => ({
  id: randomUUID(),
  amount: 240_000,
  offerPaymentType: 'OPT001',
  mortgageAmount: 180_000,
  mortgagePreApproved: true,
  reasonPurchaseCode: 'ORP001',
  typeContractCode: 'UTC001',
  ...overrides,
});

const post = (announcementId: string, payload: object, token = tenant.token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/announcement/${announcementId}/offers`,
    headers: bearer(token),
    payload,
  });
const code = (response: { json: () => unknown }) =>
  (response.json() as { errors: { code: string; field?: string }[] }).errors[0];
const rental = async (overrides: Partial<typeof announcements.$inferInsert> = {}) =>
  (await createAnnouncement(t.database.db, owner.user.id, overrides)).announcement;
const offerRows = (announcementId: string) =>
  t.database.db.select().from(offers).where(eq(offers.announcementId, announcementId));
const summary = async (announcementId: string) => {
  const [row] = await t.database.db
    .select({ highestOffer: announcements.highestOffer, offersCount: announcements.offersCount })
    .from(announcements)
    .where(eq(announcements.id, announcementId));
  return row;
};

describe('POST /api/announcement/:id/offers', () => {
  it('creates a rental offer, stores the employment section normalised, and tells the owner', async () => {
    const announcement = await rental();
    const body = rentalOffer(1100);
    const response = await post(announcement.id, body);
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      id: body.id,
      amount: 1100,
      statusCode: 'OSC001',
      isVisitRequest: false,
      isHighest: true,
      salary: 2500,
      announcement: { id: announcement.id, highestOffer: 1100, offersCount: 1 },
    });
    const [row] = await offerRows(announcement.id);
    expect(row).toMatchObject({
      nif: '12345678Z',
      salary: 2500,
      paymentType: 'OPT000',
      mortgageAmount: null,
    });
    const events = await t.database.db.select().from(offerEvents).where(eq(offerEvents.offerId, body.id));
    expect(events.map((e) => [e.kind, e.amount])).toEqual([['sent', 1100]]);
    const [ownerRow] = await t.database.db.select().from(users).where(eq(users.id, owner.user.id));
    const notices = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, ownerRow?.phoneNumber ?? ''));
    // Default settings: one message, on WhatsApp, the first automatic channel (issue 23).
    expect(notices.map((n) => n.channel)).toEqual(['whatsapp']);
    // The announcement is not paid: the owner hears of the offer, not of its amount (decision 026).
    expect(notices[0]?.body).toContain('Has recibido una nueva oferta en «');
    expect(notices[0]?.body).not.toContain('1.100');
  });

  it('respects the owner’s notification settings', async () => {
    const quiet = await userWithSession(t.database.db, {
      notificationSettings: {
        offers: { email: true, sms: false, whatsapp: false },
        visits: { email: false, sms: false, whatsapp: false },
        announcements: { email: false, sms: false, whatsapp: false },
        contracts: { email: false, sms: false, whatsapp: false },
        news: { email: false, sms: false, whatsapp: false },
      },
    });
    const { announcement } = await createAnnouncement(t.database.db, quiet.user.id);
    expect((await post(announcement.id, rentalOffer())).statusCode).toBe(201);
    const notices = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, quiet.user.phoneNumber ?? ''));
    expect(notices).toEqual([]);
  });

  it('answers the stored offer for the same id and terms, and edits with other terms, keeping the history', async () => {
    const announcement = await rental();
    const body = rentalOffer(1000);
    expect((await post(announcement.id, body)).statusCode).toBe(201);
    const again = await post(announcement.id, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.amount).toBe(1000);
    const edited = await post(announcement.id, { ...body, amount: 1200 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      amount: 1200,
      announcement: { highestOffer: 1200, offersCount: 1 },
    });
    expect(await offerRows(announcement.id)).toHaveLength(1);
    const events = await t.database.db.select().from(offerEvents).where(eq(offerEvents.offerId, body.id));
    expect(events.map((e) => [e.kind, e.amount])).toEqual([
      ['sent', 1000],
      ['modified', 1200],
    ]);
  });

  it('keeps one row under 50 identical requests at once', async () => {
    const announcement = await rental();
    const body = rentalOffer(1050);
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(announcement.id, body)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(49);
    expect(await offerRows(announcement.id)).toHaveLength(1);
    expect(await summary(announcement.id)).toEqual({ highestOffer: 1050, offersCount: 1 });
  });

  it('keeps one current offer per candidate under concurrent offers with different ids', async () => {
    const announcement = await rental();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(announcement.id, rentalOffer())));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => code(a)?.code)).toEqual(
      Array.from({ length: 9 }, () => 'OFFER_ALREADY_ACTIVE'),
    );
    expect(await offerRows(announcement.id)).toHaveLength(1);
  });

  it('judges each offer against the highest offer it is written after, under concurrent raises', async () => {
    // Offers of 600 are valid against a highest of 1000 (500..1500) but not after a raise to 1400
    // (700..2100): whatever the interleaving, none may be written after the raise. On PostgreSQL the
    // reads and writes of these requests interleave (without the write's guard this fails every time);
    // PGlite runs one statement at a time and happens to finish the raise first.
    const announcement = await rental({ price: 1000 });
    const people = await Promise.all(Array.from({ length: 16 }, () => userWithSession(t.database.db)));
    const low = people.slice(0, 8).map((person) => post(announcement.id, rentalOffer(600), person.token));
    const raise = post(announcement.id, rentalOffer(1400), people[8]?.token);
    const later = people.slice(9).map((person) => post(announcement.id, rentalOffer(600), person.token));
    const [raised, ...answers] = await Promise.all([raise, ...low, ...later]);
    expect(raised?.statusCode).toBe(201);
    for (const answer of answers) {
      expect([201, 422]).toContain(answer.statusCode);
      if (answer.statusCode === 422) expect(code(answer)).toMatchObject({ code: 'OFFER_TOO_LOW' });
    }
    const events = await t.database.db
      .select({ amount: offerEvents.amount })
      .from(offerEvents)
      .innerJoin(offers, eq(offers.id, offerEvents.offerId))
      .where(eq(offers.announcementId, announcement.id))
      .orderBy(offerEvents.id);
    const amounts = events.map((event) => event.amount);
    expect(amounts.indexOf(1400)).toBeGreaterThanOrEqual(0);
    // The events are written in the statement holding the announcement's row: in the order offers were.
    expect(amounts.slice(amounts.indexOf(1400) + 1)).toEqual([]);
    expect(amounts).toHaveLength(answers.filter((answer) => answer.statusCode === 201).length + 1);
    expect(await summary(announcement.id)).toEqual({ highestOffer: 1400, offersCount: amounts.length });
  });

  it('applies the bounds of the highest offer, ±50 % of max(price, highest)', async () => {
    const announcement = await rental({ price: 1000 });
    const other = await userWithSession(t.database.db);
    expect((await post(announcement.id, rentalOffer(1400), other.token)).statusCode).toBe(201);
    // Reference 1400: 700..2100.
    expect(code(await post(announcement.id, rentalOffer(699)))).toMatchObject({
      code: 'OFFER_TOO_LOW',
      field: 'amount',
    });
    expect(code(await post(announcement.id, rentalOffer(2101)))).toMatchObject({ code: 'OFFER_TOO_HIGH' });
    expect(code(await post(announcement.id, rentalOffer(900.5)))).toMatchObject({
      code: 'OFFER_NOT_WHOLE_EUROS',
    });
    expect((await post(announcement.id, rentalOffer(700))).statusCode).toBe(201);
    expect(await offerRows(announcement.id)).toHaveLength(2);
  });

  it('refuses bad input with a 4xx and stores nothing', async () => {
    const announcement = await rental();
    const cases: [object, number, string][] = [
      [{ ...rentalOffer(), amount: '1000' }, 400, 'INVALID_INPUT'],
      [{ ...rentalOffer(), id: 'no-es-un-uuid' }, 400, 'INVALID_INPUT'],
      [{ ...rentalOffer(), salary: 299 }, 422, 'SALARY_OUT_OF_RANGE'],
      [{ ...rentalOffer(), salary: 10_001 }, 422, 'SALARY_OUT_OF_RANGE'],
      [{ ...rentalOffer(), salary: undefined }, 422, 'SALARY_REQUIRED'],
      [{ ...rentalOffer(), nif: '12345678A' }, 422, 'NIF_INVALID'],
      [{ ...rentalOffer(), nif: '' }, 422, 'NIF_REQUIRED'],
      [{ ...rentalOffer(), typeContractCode: undefined }, 422, 'CONTRACT_TYPE_REQUIRED'],
    ];
    for (const [payload, status, errorCode] of cases) {
      const response = await post(announcement.id, payload);
      expect([response.statusCode, code(response)?.code]).toEqual([status, errorCode]);
    }
    expect(await offerRows(announcement.id)).toEqual([]);
    expect(await summary(announcement.id)).toEqual({ highestOffer: null, offersCount: 0 });
  });

  it('checks the sale conditions: mortgage required, not negative, never above the offer', async () => {
    const announcement = await rental({ typeCode: 'ATY003', price: 240_000 });
    expect(code(await post(announcement.id, saleOffer({ mortgageAmount: null })))).toMatchObject({
      code: 'MORTGAGE_REQUIRED',
      field: 'mortgageAmount',
    });
    expect(code(await post(announcement.id, saleOffer({ mortgageAmount: -1 })))).toMatchObject({
      code: 'MORTGAGE_NEGATIVE',
    });
    expect(code(await post(announcement.id, saleOffer({ reasonPurchaseCode: undefined })))).toMatchObject({
      code: 'REASON_PURCHASE_REQUIRED',
    });
    expect(code(await post(announcement.id, saleOffer({ typeContractCode: undefined })))).toMatchObject({
      code: 'CONTRACT_TYPE_REQUIRED',
    });
    const body = saleOffer({ mortgageAmount: 240_000 });
    // A mortgage equal to the offer is fine.
    expect((await post(announcement.id, body)).statusCode).toBe(201);
    const edit = await post(announcement.id, { ...body, amount: 239_000 });
    expect(edit.statusCode).toBe(422);
    expect(code(edit)).toMatchObject({ code: 'MORTGAGE_OVER_OFFER', field: 'mortgageAmount' });
    const cash = await post(announcement.id, { ...body, offerPaymentType: 'OPT000', amount: 241_000 });
    expect(cash.statusCode).toBe(200);
    // Cash: the mortgage fields are not kept.
    expect(cash.json().data).toMatchObject({
      offerPaymentType: 'OPT000',
      mortgageAmount: null,
      mortgagePreApproved: null,
    });
  });

  it('refuses a mortgage above the offer when making it as when editing it (issue 23), storing nothing', async () => {
    const announcement = await rental({ typeCode: 'ATY003', price: 200_000 });
    const over = { code: 'MORTGAGE_OVER_OFFER', field: 'mortgageAmount' };
    const message = 'El importe de la hipoteca no puede superar el de la oferta.';
    // Making: 140.000 € with a 900.000 € mortgage.
    const made = await post(announcement.id, saleOffer({ amount: 140_000, mortgageAmount: 900_000 }));
    expect(made.statusCode).toBe(422);
    expect(code(made)).toMatchObject({ ...over, message });
    expect(await offerRows(announcement.id)).toEqual([]);
    expect(await summary(announcement.id)).toEqual({ highestOffer: null, offersCount: 0 });
    // One euro above is refused too.
    const oneAbove = await post(announcement.id, saleOffer({ amount: 140_000, mortgageAmount: 140_001 }));
    expect([oneAbove.statusCode, code(oneAbove)?.code]).toEqual([422, 'MORTGAGE_OVER_OFFER']);
    expect(await offerRows(announcement.id)).toEqual([]);

    // Editing: the stored offer keeps its terms and the timeline has no 'modified' event.
    const body = saleOffer({ amount: 150_000, mortgageAmount: 150_000 });
    expect((await post(announcement.id, body)).statusCode).toBe(201);
    const edited = await post(announcement.id, { ...body, mortgageAmount: 900_000 });
    expect(edited.statusCode).toBe(422);
    expect(code(edited)).toMatchObject({ ...over, message });
    const [row] = await offerRows(announcement.id);
    expect(row).toMatchObject({ amount: 150_000, mortgageAmount: 150_000 });
    const events = await t.database.db.select().from(offerEvents).where(eq(offerEvents.offerId, body.id));
    expect(events.map((e) => e.kind)).toEqual(['sent']);
  });

  it('takes visit requests with amount 0 only on announcements that take them', async () => {
    const visits = await rental({ offerTypeCode: 'AOT002' });
    expect(code(await post(visits.id, rentalOffer(1000)))).toMatchObject({ code: 'VISIT_AMOUNT_NOT_ZERO' });
    const request = await post(visits.id, rentalOffer(0));
    expect(request.statusCode).toBe(201);
    expect(request.json().data).toMatchObject({ isVisitRequest: true, amount: 0, isHighest: false });
    expect(await summary(visits.id)).toEqual({ highestOffer: null, offersCount: 1 });
    const offersOnly = await rental();
    expect(code(await post(offersOnly.id, rentalOffer(0)))).toMatchObject({ code: 'OFFER_TOO_LOW' });
  });

  it('refuses an offer on one’s own announcement, and on one that is not open', async () => {
    const announcement = await rental();
    const own = await post(announcement.id, rentalOffer(), owner.token);
    expect([own.statusCode, code(own)?.code]).toEqual([422, 'OWN_ANNOUNCEMENT']);
    for (const statusCode of ['AST000', 'AST002', 'AST003', 'AST004', 'AST005', 'AST006', 'AST007']) {
      const closed = await rental({ statusCode });
      const response = await post(closed.id, rentalOffer());
      expect([statusCode, response.statusCode, code(response)?.code]).toEqual([
        statusCode,
        409,
        'ANNOUNCEMENT_NOT_OPEN',
      ]);
    }
    const missing = await post(randomUUID(), rentalOffer());
    expect(missing.statusCode).toBe(404);
  });

  it('answers 404 for an id that is another candidate’s offer, and leaves it untouched', async () => {
    const announcement = await rental();
    const other = await userWithSession(t.database.db);
    const theirs = await createOffer(t.database.db, announcement.id, other.user.id, { amount: 1000 });
    const response = await post(announcement.id, rentalOffer(1300, theirs.id));
    expect(response.statusCode).toBe(404);
    const [row] = await offerRows(announcement.id);
    expect(row).toMatchObject({ candidateId: other.user.id, amount: 1000 });
  });

  it('refuses agents, also acting as a user (offers use the person’s own session), and visitors', async () => {
    const announcement = await rental();
    const agent = await agentWithSession(t.database.db);
    const acting = await createSession(t.database.db, {
      userId: tenant.user.id,
      kind: 'impersonation',
      agentId: agent.agent.id,
      reason: 'Prueba',
    });
    expect((await post(announcement.id, rentalOffer(), agent.token)).statusCode).toBe(403);
    expect((await post(announcement.id, rentalOffer(), acting.token)).statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/api/announcement/${announcement.id}/offers`,
      payload: rentalOffer(),
    });
    expect(visitor.statusCode).toBe(401);
    expect(await offerRows(announcement.id)).toEqual([]);
  });
});

describe('offers with the tenant profile (SPEC 5.3)', () => {
  /** A new candidate with `fixture` as their stored profile. */
  const candidateWith = async (fixture: ProfileFixture) => {
    const candidate = await userWithSession(t.database.db);
    await storeProfile(t.database.db, candidate.user.id, fixture);
    return candidate;
  };
  const coHolder = { nif: 'X1234567L', salaryRangeCode: 'URS004' };
  const guarantor = { nif: '00000000T', salaryRangeCode: 'URS008' };

  it('takes a rental without the employment section from a complete profile, nulls stored', async () => {
    const announcement = await rental();
    const candidate = await candidateWith({ work: completeWork });
    const body = { id: randomUUID(), amount: 1000 };
    const response = await post(announcement.id, body, candidate.token);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ id: body.id, amount: 1000, salary: null });
    const [row] = await offerRows(announcement.id);
    expect(row).toMatchObject({ nif: null, typeContractCode: null, salary: null });
    // The same request again is a retry, not an edit.
    const again = await post(announcement.id, body, candidate.token);
    expect(again.statusCode).toBe(200);
    const events = await t.database.db.select().from(offerEvents).where(eq(offerEvents.offerId, body.id));
    expect(events.map((e) => e.kind)).toEqual(['sent']);
  });

  it('still checks an employment section sent with a complete profile', async () => {
    const announcement = await rental();
    const candidate = await candidateWith({ work: completeWork, coHolders: [coHolder] });
    const send = (extra: object) =>
      post(announcement.id, { id: randomUUID(), amount: 1000, ...extra }, candidate.token);
    expect(code(await send({ nif: '12345678A' }))).toMatchObject({ code: 'NIF_INVALID', field: 'nif' });
    expect(code(await send({ nif: 'x1234567l' }))).toMatchObject({ code: 'NIF_USED_BY_COTITULAR' });
    expect(code(await send({ salary: 299 }))).toMatchObject({ code: 'SALARY_OUT_OF_RANGE' });
    expect(await offerRows(announcement.id)).toEqual([]);
    const body = { id: randomUUID(), amount: 1000, ...employment };
    expect((await post(announcement.id, body, candidate.token)).statusCode).toBe(201);
    expect((await offerRows(announcement.id))[0]).toMatchObject({ nif: '12345678Z', salary: 2500 });
  });

  it('asks an incomplete profile for the employment section', async () => {
    const announcement = await rental();
    // Identifier and contract type stored, no salary band: a rental still needs the section.
    const candidate = await candidateWith({
      work: { ...completeWork, salaryRangeCode: null },
      personal: true,
      household: true,
    });
    const cases: [object, string][] = [
      [{ nif: undefined }, 'NIF_REQUIRED'],
      [{ typeContractCode: undefined }, 'CONTRACT_TYPE_REQUIRED'],
      [{ salary: undefined }, 'SALARY_REQUIRED'],
    ];
    for (const [overrides, errorCode] of cases) {
      const response = await post(announcement.id, { ...rentalOffer(), ...overrides }, candidate.token);
      expect([response.statusCode, code(response)?.code]).toEqual([422, errorCode]);
    }
    const bare = await post(announcement.id, { id: randomUUID(), amount: 1000 }, tenant.token);
    expect(code(bare)).toMatchObject({ code: 'NIF_REQUIRED', field: 'nif' });
    expect(await offerRows(announcement.id)).toEqual([]);
  });

  it('refuses the identifier of a co-holder or a guarantor of the profile (422)', async () => {
    const announcement = await rental();
    const candidate = await candidateWith({ coHolders: [coHolder], guarantors: [guarantor] });
    const asCoHolder = await post(announcement.id, { ...rentalOffer(), nif: ' x1234567l ' }, candidate.token);
    expect([asCoHolder.statusCode, code(asCoHolder)]).toEqual([
      422,
      expect.objectContaining({ code: 'NIF_USED_BY_COTITULAR', field: 'nif' }),
    ]);
    const asGuarantor = await post(announcement.id, { ...rentalOffer(), nif: '00000000t' }, candidate.token);
    expect([asGuarantor.statusCode, code(asGuarantor)?.code]).toEqual([422, 'NIF_USED_BY_GUARANTOR']);
    expect(await offerRows(announcement.id)).toEqual([]);
    expect((await post(announcement.id, rentalOffer(), candidate.token)).statusCode).toBe(201);
  });

  it('takes a sale without the contract type once the profile has it', async () => {
    const announcement = await rental({ typeCode: 'ATY003', price: 240_000 });
    const candidate = await candidateWith({ work: { typeContractCode: 'UTC004' } });
    const response = await post(announcement.id, saleOffer({ typeContractCode: undefined }), candidate.token);
    expect(response.statusCode).toBe(201);
    expect((await offerRows(announcement.id))[0]).toMatchObject({ typeContractCode: null });
    const other = await candidateWith({ work: { nif: '11111111H' } });
    expect(
      code(await post(announcement.id, saleOffer({ typeContractCode: undefined }), other.token)),
    ).toMatchObject({ code: 'CONTRACT_TYPE_REQUIRED' });
  });

  it('tells the dialog which sections the stored profile already holds', async () => {
    const rentalAnnouncement = await rental({ price: 900 });
    const actions = async (token: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/announcement/${rentalAnnouncement.id}/pending-offers`,
        headers: bearer(token),
        payload: { offerId: randomUUID(), amount: 900 },
      });
      expect(response.statusCode).toBe(200);
      return response.json().data.actions;
    };
    const none = await userWithSession(t.database.db);
    expect(await actions(none.token)).toEqual({
      canMakeOffer: true,
      hasTenantProfileCompleted: false,
      hasTenantProfileCompletedToOffer: false,
      hasProfileCompletedToSaleOffer: false,
    });
    const contractOnly = await candidateWith({ work: { typeContractCode: 'UTC001' }, household: true });
    expect(await actions(contractOnly.token)).toEqual({
      canMakeOffer: true,
      hasTenantProfileCompleted: false,
      hasTenantProfileCompletedToOffer: false,
      hasProfileCompletedToSaleOffer: true,
    });
    const workDone = await candidateWith({ work: completeWork });
    expect(await actions(workDone.token)).toEqual({
      canMakeOffer: true,
      hasTenantProfileCompleted: false,
      hasTenantProfileCompletedToOffer: true,
      hasProfileCompletedToSaleOffer: true,
    });
    const everything = await candidateWith({ work: completeWork, personal: true, household: true });
    expect(await actions(everything.token)).toEqual({
      canMakeOffer: true,
      hasTenantProfileCompleted: true,
      hasTenantProfileCompletedToOffer: true,
      hasProfileCompletedToSaleOffer: true,
    });
  });
});

describe('withdraw', () => {
  const withdraw = (announcementId: string, offerId: string, token = tenant.token) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/announcement/${announcementId}/offer/${offerId}/withdraw`,
      headers: bearer(token),
    });

  it('withdraws once, lowers the summary, and lets the candidate offer again', async () => {
    const announcement = await rental();
    const body = rentalOffer(1300);
    await post(announcement.id, body);
    const answers = await Promise.all(Array.from({ length: 5 }, () => withdraw(announcement.id, body.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await summary(announcement.id)).toEqual({ highestOffer: null, offersCount: 0 });
    // The withdrawn id is not an offer any more: editing it is refused; a new id is a new offer.
    expect(code(await post(announcement.id, { ...body, amount: 1250 }))).toMatchObject({
      code: 'OFFER_NOT_ACTIVE',
    });
    expect((await post(announcement.id, rentalOffer(1250))).statusCode).toBe(201);
    expect(await summary(announcement.id)).toEqual({ highestOffer: 1250, offersCount: 1 });
  });

  it('refuses a selected offer (409) and another candidate’s (404)', async () => {
    const announcement = await rental();
    const selected = await createOffer(t.database.db, announcement.id, tenant.user.id, {
      statusCode: 'OSC002',
    });
    expect(code(await withdraw(announcement.id, selected.id))).toMatchObject({ code: 'OFFER_NOT_ACTIVE' });
    const other = await userWithSession(t.database.db);
    const theirs = await createOffer(t.database.db, announcement.id, other.user.id);
    expect((await withdraw(announcement.id, theirs.id)).statusCode).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(offers)
      .where(and(eq(offers.id, theirs.id)));
    expect(row?.statusCode).toBe('OSC001');
  });
});

describe('pending-offers and my offers', () => {
  it('checks the amount and says which sections the dialog needs, storing nothing', async () => {
    const announcement = await rental({ price: 900 });
    const offerId = randomUUID();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/announcement/${announcement.id}/pending-offers`,
      headers: bearer(tenant.token),
      payload: { offerId, amount: 950 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      bounds: { min: 450, max: 1350 },
      step: 10,
      yourOffer: null,
      isVisitRequest: false,
      actions: { canMakeOffer: true, hasTenantProfileCompletedToOffer: false },
    });
    const tooLow = await t.app.inject({
      method: 'POST',
      url: `/api/announcement/${announcement.id}/pending-offers`,
      headers: bearer(tenant.token),
      payload: { offerId, amount: 449 },
    });
    expect(code(tooLow)).toMatchObject({ code: 'OFFER_TOO_LOW' });
    expect(await offerRows(announcement.id)).toEqual([]);
  });

  it('lists my current offers and pages my rental and sale offers', async () => {
    const me = await userWithSession(t.database.db);
    const a = await rental();
    const b = await rental();
    const sale = await rental({ typeCode: 'ATY003', price: 200_000 });
    const first = await createOffer(t.database.db, a.id, me.user.id, { amount: 1000 });
    await createOffer(t.database.db, b.id, me.user.id, { amount: 900, statusCode: 'OSC003' });
    await createOffer(t.database.db, sale.id, me.user.id, { amount: 200_000 });
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/tenant/offers',
      headers: bearer(me.token),
    });
    expect(current.json().data.map((o: { id: string }) => o.id)).toHaveLength(2);
    const onA = await t.app.inject({
      method: 'GET',
      url: `/api/tenant/offers?announcementId=${a.id}`,
      headers: bearer(me.token),
    });
    expect(onA.json().data.map((o: { id: string }) => o.id)).toEqual([first.id]);

    const search = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(me.token), payload });
    const page1 = await search('/api/announcement/offers/search', { limit: 1 });
    expect(page1.json().data.items).toHaveLength(1);
    const page2 = await search('/api/announcement/offers/search', {
      limit: 1,
      cursor: page1.json().data.nextCursor,
    });
    expect(page2.json().data.items).toHaveLength(1);
    expect(page2.json().data.nextCursor).toBeNull();
    const closed = await search('/api/announcement/offers/search', { status: 'closed' });
    expect(closed.json().data.items.map((o: { statusCode: string }) => o.statusCode)).toEqual(['OSC003']);
    const sales = await search('/api/announcement/offers/sale-search', {});
    expect(sales.json().data.items.map((o: { announcement: { id: string } }) => o.announcement.id)).toEqual([
      sale.id,
    ]);
    expect((await search('/api/announcement/offers/search', { cursor: 'roto' })).statusCode).toBe(400);
  });
});
