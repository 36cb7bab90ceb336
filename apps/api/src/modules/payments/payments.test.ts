import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PaymentDto, PaymentStatusDto, PaymentSummary } from '@casaoferta/domain/schemas/payments';
import { SANDBOX_SETTLE_SECONDS } from '@casaoferta/domain/rules/payment';
import { createAnnouncement, createOffer } from '../../db/factories';
import { outbox, paymentAttempts } from '../../db/schema/index';
import { createSession } from '../../platform/auth';
import { SandboxProvider } from '../../platform/payments/sandbox';
import type { TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import { announcementOf, cspDirectives, errorCode, paymentTestApp, paymentsOf } from './payment-test-support';
import { CARD_ATTEMPTS_PER_HOUR } from './routes';

let now = Date.now();
const sandbox = new SandboxProvider(() => now);
let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithSession>>;
let stranger: Awaited<ReturnType<typeof userWithSession>>;
let candidate: Awaited<ReturnType<typeof userWithSession>>;
let agentToken: string;
beforeAll(async () => {
  t = await paymentTestApp(sandbox);
  owner = await userWithSession(t.database.db, {
    name: 'Olga',
    surname: 'Dueña Ruiz',
    email: 'olga@casaoferta.test',
  });
  stranger = await userWithSession(t.database.db, { name: 'Sergio', surname: 'Extraño' });
  candidate = await userWithSession(t.database.db, { name: 'Laura', surname: 'García López' });
  agentToken = (await agentWithSession(t.database.db, 'supervisor')).token;
});
afterAll(() => t.close());

const db = () => t.database.db;
type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token: string | null = owner.token, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const pay = (announcementId: string, token: string, id: string = randomUUID(), as = owner.token) =>
  call('POST', `/api/announcement/${announcementId}/payment`, as, { id, token });
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;
const rental = async (overrides: Parameters<typeof createAnnouncement>[2] = {}) =>
  (await createAnnouncement(db(), owner.user.id, overrides)).announcement;

describe('GET /api/announcement/:id/payment', () => {
  it('shows the price of the kind, VAT included, split into base and 21 % VAT', async () => {
    const cases = [
      ['ATY002', 'rental', 4900, 4050, 850],
      ['ATY003', 'sale', 14900, 12314, 2586],
      ['ATY001', 'room', 2900, 2397, 503],
    ] as const;
    for (const [typeCode, kind, price, base, vat] of cases) {
      const announcement = await rental({ typeCode });
      const response = await call('GET', `/api/announcement/${announcement.id}/payment`);
      expect(response.statusCode).toBe(200);
      expect(dataOf<PaymentSummary>(response)).toMatchObject({
        announcementId: announcement.id,
        propertyId: announcement.propertyId,
        kind,
        priceCents: price,
        baseCents: base,
        vatCents: vat,
        vatPercent: 21,
        isPaid: false,
        paidByAgent: false,
        latestPayment: null,
        provider: 'sandbox',
        publishableKey: null,
      });
    }
  });

  it('is 404 for another owner, 401 for a visitor, 403 for an agent on their own session', async () => {
    const announcement = await rental();
    const url = `/api/announcement/${announcement.id}/payment`;
    expect((await call('GET', url, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', url, null)).statusCode).toBe(401);
    expect((await call('GET', url, agentToken)).statusCode).toBe(403);
    expect((await call('GET', `/api/announcement/${randomUUID()}/payment`)).statusCode).toBe(404);
  });

  it('tells a payment marked by an agent apart', async () => {
    const announcement = await rental({ isPaid: true, paidAt: new Date(), paidByAgentId: randomUUID() });
    const summary = dataOf<PaymentSummary>(await call('GET', `/api/announcement/${announcement.id}/payment`));
    expect(summary).toMatchObject({ isPaid: true, paidByAgent: true });
    const response = await pay(announcement.id, 'tok_sandbox_approve_4242');
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe('ALREADY_PAID');
  });
});

describe('POST /api/payment/tokenize-card', () => {
  const tokenize = (payload: object, token: string | null = owner.token) =>
    call('POST', '/api/payment/tokenize-card', token, payload);
  it('describes a provider token: brand and last four digits', async () => {
    const response = await tokenize({ token: 'tok_sandbox_approve_4242' });
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toEqual({ token: 'tok_sandbox_approve_4242', brand: 'visa', last4: '4242' });
  });
  it('refuses a token the provider does not know, or a card number sent as one (422, Spanish)', async () => {
    for (const token of ['tok_sandbox_approve_0002', '4242424242424242', 'pm_123']) {
      const response = await tokenize({ token });
      expect(response.statusCode).toBe(422);
      expect(errorCode(response)).toBe('CARD_TOKEN_INVALID');
      expect(response.body).toMatch(/No hemos podido leer la tarjeta/);
    }
  });
  it('is 400 without a token and 401 without a session', async () => {
    expect((await tokenize({})).statusCode).toBe(400);
    expect((await tokenize({ token: '' })).statusCode).toBe(400);
    expect((await tokenize({ token: 'tok_sandbox_approve_4242' }, null)).statusCode).toBe(401);
  });
});

describe('POST /api/announcement/:id/payment', () => {
  it('charges the approving card once: the announcement is paid, offers unlocked, the owner told', async () => {
    const announcement = await rental();
    const offer = await createOffer(db(), announcement.id, candidate.user.id, { amount: 1100 });
    const before = sandbox.charges;
    const id = randomUUID();
    const response = await pay(announcement.id, 'tok_sandbox_approve_4242', id);
    expect(response.statusCode).toBe(200);
    expect(dataOf<PaymentDto>(response)).toMatchObject({
      id,
      announcementId: announcement.id,
      statusCode: 'PAY002',
      provider: 'sandbox',
      amountCents: 4900,
      vatCents: 850,
      currency: 'EUR',
      cardBrand: 'visa',
      cardLast4: '4242',
      failureCode: null,
    });
    expect(sandbox.charges).toBe(before + 1);
    const paid = await announcementOf(db(), announcement.id);
    expect(paid.isPaid).toBe(true);
    expect(paid.paidAt).toBeInstanceOf(Date);
    expect(paid.paidByAgentId).toBeNull();

    const base = `/api/announcement/${announcement.id}/offer/${offer.id}`;
    expect(dataOf(await call('GET', `${base}/unlock-price`))).toMatchObject({ unlocked: true, amount: 1100 });
    expect(dataOf(await call('GET', `${base}/tenant-contact`))).toMatchObject({
      unlocked: true,
      name: 'Laura',
      phoneNumber: candidate.user.phoneNumber,
    });
    const notices = (await db().select().from(outbox).where(eq(outbox.subject, 'Pago recibido'))).filter(
      (n) => n.body.includes(`/property/${announcement.propertyId}/offers`),
    );
    // One message to the owner, on one channel (issue 23: WhatsApp by default).
    expect(notices.map((n) => [n.recipient, n.channel])).toEqual([[owner.user.phoneNumber, 'whatsapp']]);
    const attempts = await db().select().from(paymentAttempts).where(eq(paymentAttempts.paymentId, id));
    expect(attempts.map((a) => `${a.kind}:${a.statusCode}`)).toEqual(['charge:PAY002']);

    // The same id again is the same payment, no second charge; another id is refused.
    const again = await pay(announcement.id, 'tok_sandbox_approve_4242', id);
    expect(again.statusCode).toBe(200);
    expect(dataOf<PaymentDto>(again).statusCode).toBe('PAY002');
    const other = await pay(announcement.id, 'tok_sandbox_approve_4242');
    expect(other.statusCode).toBe(409);
    expect(errorCode(other)).toBe('ALREADY_PAID');
    expect(sandbox.charges).toBe(before + 1);
    expect(await paymentsOf(db(), announcement.id)).toHaveLength(1);

    const summary = dataOf<PaymentSummary>(await call('GET', `/api/announcement/${announcement.id}/payment`));
    expect(summary).toMatchObject({ isPaid: true, paidByAgent: false, latestPayment: { id } });
  });

  it('keeps a declined card’s reason in Spanish, unlocks nothing, and lets a retry succeed', async () => {
    const announcement = await rental();
    const declined = await pay(announcement.id, 'tok_sandbox_decline_0002');
    expect(declined.statusCode).toBe(200);
    expect(dataOf<PaymentDto>(declined)).toMatchObject({
      statusCode: 'PAY003',
      failureCode: 'CARD_DECLINED',
      failureMessage: expect.stringMatching(/^Tarjeta rechazada por el banco emisor/),
    });
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(false);
    const retry = await pay(announcement.id, 'tok_sandbox_approve_4242');
    expect(dataOf<PaymentDto>(retry).statusCode).toBe('PAY002');
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(true);
  });

  it('fails a card whose holder is not authenticated (3-D Secure)', async () => {
    const announcement = await rental();
    const response = await pay(announcement.id, 'tok_sandbox_authfail_9995');
    expect(dataOf<PaymentDto>(response)).toMatchObject({
      statusCode: 'PAY003',
      failureCode: 'CARD_AUTHENTICATION_FAILED',
      failureMessage: expect.stringMatching(/3-D Secure/),
    });
  });

  it('settles an in-process payment on the status check once the provider has', async () => {
    const announcement = await rental();
    const id = randomUUID();
    const started = await pay(announcement.id, 'tok_sandbox_pending_3220', id);
    expect(dataOf<PaymentDto>(started).statusCode).toBe('PAY001');
    const status = () => call('GET', `/api/announcement/${announcement.id}/payment/status`);
    expect(dataOf<PaymentStatusDto>(await status())).toMatchObject({
      isPaid: false,
      payment: { id, statusCode: 'PAY001' },
    });
    // Another attempt while this one is in process is refused: one charge.
    const second = await pay(announcement.id, 'tok_sandbox_approve_4242');
    expect(second.statusCode).toBe(409);
    expect(errorCode(second)).toBe('PAYMENT_IN_PROGRESS');

    now += SANDBOX_SETTLE_SECONDS * 1000;
    const settled = await status();
    expect(dataOf<PaymentStatusDto>(settled)).toMatchObject({
      isPaid: true,
      payment: { id, statusCode: 'PAY002', settledAt: expect.any(String) },
    });
    const one = await call('GET', `/api/announcement/${announcement.id}/payment/${id}`);
    expect(dataOf<PaymentDto>(one).statusCode).toBe('PAY002');
    const attempts = await db().select().from(paymentAttempts).where(eq(paymentAttempts.paymentId, id));
    expect(attempts.map((a) => `${a.kind}:${a.statusCode}`).sort()).toEqual([
      'charge:PAY001',
      'refresh:PAY002',
    ]);
  });

  it('answers the status of an announcement never paid, and 404 for another owner', async () => {
    const announcement = await rental();
    const url = `/api/announcement/${announcement.id}/payment/status`;
    expect(dataOf(await call('GET', url))).toEqual({ isPaid: false, payment: null });
    expect((await call('GET', url, stranger.token)).statusCode).toBe(404);
  });

  it('is 404 for another owner’s announcement and stores nothing', async () => {
    const announcement = await rental();
    const response = await pay(announcement.id, 'tok_sandbox_approve_4242', randomUUID(), stranger.token);
    expect(response.statusCode).toBe(404);
    expect(await paymentsOf(db(), announcement.id)).toHaveLength(0);
    expect((await pay(randomUUID(), 'tok_sandbox_approve_4242')).statusCode).toBe(404);
  });

  it('lets an agent acting as the owner pay, not an agent on their own session', async () => {
    const announcement = await rental();
    expect(
      (await pay(announcement.id, 'tok_sandbox_approve_4242', randomUUID(), agentToken)).statusCode,
    ).toBe(403);
    const { token } = await createSession(db(), {
      userId: owner.user.id,
      kind: 'impersonation',
      agentId: (await agentWithSession(db())).agent.id,
    });
    const response = await pay(announcement.id, 'tok_sandbox_approve_4242', randomUUID(), token);
    expect(response.statusCode).toBe(200);
    // Paid by a payment, even when an agent typed it: paid_by_agent_id is for the back office's mark.
    expect((await announcementOf(db(), announcement.id)).paidByAgentId).toBeNull();
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const announcement = await rental();
    const url = `/api/announcement/${announcement.id}/payment`;
    for (const payload of [
      {},
      { id: 'not-a-uuid', token: 'tok_sandbox_approve_4242' },
      { id: randomUUID(), method: 'paypal' },
    ]) {
      expect((await call('POST', url, owner.token, payload)).statusCode).toBe(400);
    }
    // A card provider without a token (Redsys takes none), or Bizum without Redsys: 422, nothing stored.
    const noToken = await call('POST', url, owner.token, { id: randomUUID() });
    expect(noToken.statusCode).toBe(422);
    expect(errorCode(noToken)).toBe('CARD_TOKEN_INVALID');
    const bizum = await call('POST', url, owner.token, { id: randomUUID(), method: 'bizum' });
    expect(bizum.statusCode).toBe(422);
    expect(errorCode(bizum)).toBe('PAYMENT_METHOD_UNAVAILABLE');
    const unknown = await pay(announcement.id, 'tok_unknown');
    expect(unknown.statusCode).toBe(422);
    expect(errorCode(unknown)).toBe('CARD_TOKEN_INVALID');
    expect(await paymentsOf(db(), announcement.id)).toHaveLength(0);
  });

  it('refuses an id already used for another announcement’s payment', async () => {
    const first = await rental();
    const second = await rental();
    const id = randomUUID();
    await pay(first.id, 'tok_sandbox_decline_0002', id);
    const reused = await pay(second.id, 'tok_sandbox_approve_4242', id);
    expect(reused.statusCode).toBe(409);
    expect(errorCode(reused)).toBe('PAYMENT_ID_REUSED');
    expect(await paymentsOf(db(), second.id)).toHaveLength(0);
  });
});

describe('GET /api/announcement/:id/payment/:paymentId', () => {
  it('answers a payment of this announcement only', async () => {
    const announcement = await rental();
    const other = await rental();
    const id = randomUUID();
    await pay(announcement.id, 'tok_sandbox_decline_0002', id);
    const response = await call('GET', `/api/announcement/${announcement.id}/payment/${id}`);
    expect(dataOf<PaymentDto>(response)).toMatchObject({ id, statusCode: 'PAY003' });
    expect((await call('GET', `/api/announcement/${other.id}/payment/${id}`)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/announcement/${announcement.id}/payment/${id}`, stranger.token)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/announcement/${announcement.id}/payment/${randomUUID()}`)).statusCode,
    ).toBe(404);
  });
});

describe('races', () => {
  const many = <T>(n: number, request: (index: number) => Promise<T>) =>
    Promise.all(Array.from({ length: n }, (_, index) => request(index)));

  it('20 identical requests (a double click, a retried request) are one payment and one charge', async () => {
    const announcement = await rental();
    const before = sandbox.charges;
    const id = randomUUID();
    const responses = await many(20, () => pay(announcement.id, 'tok_sandbox_approve_4242', id));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((r) => dataOf<PaymentDto>(r).id))).toEqual(new Set([id]));
    expect(sandbox.charges).toBe(before + 1);
    expect(await paymentsOf(db(), announcement.id)).toHaveLength(1);
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(true);
  });

  it('two tabs paying at once with different ids: one payment, one charge, the other 409', async () => {
    const announcement = await rental();
    const before = sandbox.charges;
    const responses = await many(10, () => pay(announcement.id, 'tok_sandbox_approve_4242'));
    const ok = responses.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of responses.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(['PAYMENT_IN_PROGRESS', 'ALREADY_PAID']).toContain(errorCode(r));
    }
    expect(sandbox.charges).toBe(before + 1);
    expect(await paymentsOf(db(), announcement.id)).toHaveLength(1);
  });
});

describe('POST /api/payment/notifications/stripe with the sandbox', () => {
  it('is refused (400): the sandbox sends no notifications', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment/notifications/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({ id: 'evt_1' }),
    });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('PAYMENT_NOTIFICATION_INVALID');
  });
});

describe('card attempts per person', () => {
  it(`refuses more than ${CARD_ATTEMPTS_PER_HOUR} an hour (429): nobody tests cards through us`, async () => {
    const tester = await userWithSession(db(), { name: 'Probador', surname: 'De Tarjetas' });
    const tokenize = () =>
      call('POST', '/api/payment/tokenize-card', tester.token, { token: 'tok_sandbox_decline_0002' });
    for (let i = 0; i < CARD_ATTEMPTS_PER_HOUR; i++) expect((await tokenize()).statusCode).toBe(200);
    const refused = await tokenize();
    expect(refused.statusCode).toBe(429);
    // Another person is not affected.
    expect(
      (await call('POST', '/api/payment/tokenize-card', owner.token, { token: 'tok_sandbox_approve_4242' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('Content-Security-Policy with the sandbox', () => {
  it('stays strict: nothing of Stripe, no frames beyond the default', async () => {
    const response = await call('GET', '/api/health', null);
    const csp = String(response.headers['content-security-policy']);
    const directives = cspDirectives(csp);
    expect(directives['script-src']).toBe("'self'");
    expect(directives['connect-src']).toBe("'self'");
    expect(directives['frame-src']).toBeUndefined();
    expect(directives['default-src']).toBe("'self'");
    expect(csp).not.toMatch(/stripe/);
  });
});
