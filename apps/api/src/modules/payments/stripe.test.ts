import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { errorMessages } from '@casaoferta/domain/errors';
import type {
  PaymentDto,
  PaymentStatusDto,
  PaymentSummary,
  RefundResultDto,
} from '@casaoferta/domain/schemas/payments';
import { createAnnouncement } from '../../db/factories';
import { invoices, paymentAttempts, paymentRefunds, payments } from '../../db/schema/index';
import { StripeProvider } from '../../platform/payments/stripe';
import type { TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import { announcementOf, cspDirectives, errorCode, paymentTestApp, paymentsOf } from './payment-test-support';
import { paymentTexts } from './texts';

/**
 * The Stripe adapter end to end: charges against a tiny local fake of Stripe's API (what the official
 * library sends: PaymentIntents created with our payment id as Idempotency-Key), and webhooks signed
 * as Stripe signs them (`generateTestHeaderString`, a `whsec_` secret of Stripe's test format).
 */
const keys = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_51CasaofertaFake',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51CasaofertaFake',
  STRIPE_WEBHOOK_SECRET: 'whsec_casaofertaTestSecret',
};
const signer = new Stripe(keys.STRIPE_SECRET_KEY);

/**
 * The fake: pm_visa approves, pm_declined is declined (insufficient funds), pm_pending is processing,
 * pm_3ds asks for 3-D Secure (`requires_action` with its client secret, as Stripe's 4000 0000 0000 3220).
 */
const intents = new Map<string, Record<string, unknown>>();
const byIdempotencyKey = new Map<string, { status: number; body: string }>();
let created = 0;

/**
 * Refunds (POST /v1/refunds): every request as received; a refund needs an Idempotency-Key, a known
 * PaymentIntent that succeeded and not more than its amount (else 400 as Stripe answers). An intent
 * in `refundFailures` is refused as already refunded ('invalid', 400) or meets Stripe's fault ('down', 500).
 */
const refundRequests: { key: string; paymentIntent: string; amount: number }[] = [];
const refundFailures = new Map<string, 'invalid' | 'down'>();
const refunded = new Set<string>();
const fake = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const send = (status: number, payload: unknown) => {
      const text = JSON.stringify(payload);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      response.end(text);
      return text;
    };
    const url = request.url ?? '';
    const method = url.match(/^\/v1\/payment_methods\/(pm_\w+)$/);
    if (request.method === 'GET' && method) {
      if (method[1] === 'pm_unknown')
        return send(404, { error: { type: 'invalid_request_error', message: 'No such PaymentMethod' } });
      return send(200, { id: method[1], object: 'payment_method', card: { brand: 'visa', last4: '4242' } });
    }
    if (request.method === 'POST' && url === '/v1/payment_intents') {
      const key = String(request.headers['idempotency-key'] ?? '');
      const replay = byIdempotencyKey.get(key);
      if (replay) {
        response.writeHead(replay.status, { 'content-type': 'application/json' });
        return response.end(replay.body);
      }
      created += 1;
      const form = new URLSearchParams(body);
      const id = `pi_fake${created}`;
      const pm = form.get('payment_method');
      const base = { id, object: 'payment_intent', amount: Number(form.get('amount')), currency: 'eur' };
      if (pm === 'pm_declined') {
        const intent = {
          ...base,
          status: 'requires_payment_method',
          last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
        };
        intents.set(id, intent);
        const error = {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'insufficient_funds',
            message: 'Your card has insufficient funds.',
            payment_intent: intent,
          },
        };
        byIdempotencyKey.set(key, { status: 402, body: send(402, error) });
        return;
      }
      const intent =
        pm === 'pm_3ds'
          ? {
              ...base,
              status: 'requires_action',
              client_secret: `${id}_secret_fake3ds`,
              next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} },
            }
          : { ...base, status: pm === 'pm_pending' ? 'processing' : 'succeeded' };
      intents.set(id, intent);
      byIdempotencyKey.set(key, { status: 200, body: send(200, intent) });
      return;
    }
    if (request.method === 'POST' && url === '/v1/refunds') {
      const key = String(request.headers['idempotency-key'] ?? '');
      const form = new URLSearchParams(body);
      const paymentIntent = form.get('payment_intent') ?? '';
      const amount = Number(form.get('amount'));
      refundRequests.push({ key, paymentIntent, amount });
      const replay = byIdempotencyKey.get(key);
      if (replay) {
        response.writeHead(replay.status, { 'content-type': 'application/json' });
        return response.end(replay.body);
      }
      const refused = (code: string, message: string) =>
        send(400, { error: { type: 'invalid_request_error', code, message, param: 'payment_intent' } });
      const charged = intents.get(paymentIntent);
      if (key === '') return refused('idempotency_key_required', 'An Idempotency-Key is required');
      if (refundFailures.get(paymentIntent) === 'down')
        return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      if (!charged || charged.status !== 'succeeded')
        return refused('resource_missing', `No such payment_intent: '${paymentIntent}'`);
      if (refunded.has(paymentIntent) || refundFailures.get(paymentIntent) === 'invalid')
        return refused('charge_already_refunded', 'Charge has already been refunded.');
      if (amount !== charged.amount) return refused('amount_too_large', 'Amount must match the charge.');
      refunded.add(paymentIntent);
      const refund = {
        id: `re_fake${refunded.size}`,
        object: 'refund',
        amount,
        currency: 'eur',
        payment_intent: paymentIntent,
        status: 'succeeded',
        metadata: Object.fromEntries(
          [...form.entries()]
            .filter(([name]) => name.startsWith('metadata['))
            .map(([name, value]) => [name.slice(9, -1), value]),
        ),
      };
      byIdempotencyKey.set(key, { status: 200, body: send(200, refund) });
      return;
    }
    const intent = url.match(/^\/v1\/payment_intents\/(pi_\w+)$/);
    if (request.method === 'GET' && intent) return send(200, intents.get(intent[1] ?? ''));
    return send(404, { error: { type: 'invalid_request_error', message: 'unknown' } });
  });
});

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithSession>>;
let stranger: Awaited<ReturnType<typeof userWithSession>>;
let agentToken: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  const provider = new StripeProvider({
    secretKey: keys.STRIPE_SECRET_KEY,
    publishableKey: keys.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: keys.STRIPE_WEBHOOK_SECRET,
    endpoint: { host: '127.0.0.1', port, protocol: 'http' },
  });
  t = await paymentTestApp(provider, keys);
  owner = await userWithSession(t.database.db, { name: 'Olga', surname: 'Dueña' });
  stranger = await userWithSession(t.database.db, { name: 'Sergio', surname: 'Extraño' });
  agentToken = (await agentWithSession(t.database.db, 'agent')).token;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});

const db = () => t.database.db;
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;
const rental = async () => (await createAnnouncement(db(), owner.user.id)).announcement;
const pay = (announcementId: string, token: string, id: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/announcement/${announcementId}/payment`,
    headers: bearer(owner.token),
    payload: { id, token },
  });

describe('stripe charges', () => {
  it('gives the card form the publishable key', async () => {
    const announcement = await rental();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/announcement/${announcement.id}/payment`,
      headers: bearer(owner.token),
    });
    expect(dataOf<PaymentSummary>(response)).toMatchObject({
      provider: 'stripe',
      publishableKey: keys.STRIPE_PUBLISHABLE_KEY,
    });
  });

  it('confirms a PaymentIntent with our id as idempotency key: same id twice, one intent', async () => {
    const announcement = await rental();
    const before = created;
    const id = randomUUID();
    const first = await pay(announcement.id, 'pm_visa', id);
    expect(dataOf<PaymentDto>(first)).toMatchObject({ id, statusCode: 'PAY002', amountCents: 4900 });
    const [row] = await paymentsOf(db(), announcement.id);
    expect(row?.providerPaymentId).toMatch(/^pi_fake/);
    expect((await pay(announcement.id, 'pm_visa', id)).statusCode).toBe(200);
    expect(created).toBe(before + 1);
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(true);
  });

  it('stores a decline with Stripe’s reason in Spanish', async () => {
    const announcement = await rental();
    const response = await pay(announcement.id, 'pm_declined');
    expect(dataOf<PaymentDto>(response)).toMatchObject({
      statusCode: 'PAY003',
      failureCode: 'CARD_INSUFFICIENT_FUNDS',
      failureMessage: expect.stringMatching(/fondos suficientes/),
    });
  });

  it('refuses a PaymentMethod Stripe does not know (422)', async () => {
    const announcement = await rental();
    const response = await pay(announcement.id, 'pm_unknown');
    expect(response.statusCode).toBe(422);
    expect(errorCode(response)).toBe('CARD_TOKEN_INVALID');
  });
});

describe('3-D Secure (requires_action)', () => {
  /** A payment Stripe keeps waiting for the payer's 3-D Secure, and its PaymentIntent's id. */
  const waitingFor3ds = async () => {
    const announcement = await rental();
    const id = randomUUID();
    await pay(announcement.id, 'pm_3ds', id);
    const [row] = await paymentsOf(db(), announcement.id);
    return { announcement, id, intentId: row?.providerPaymentId ?? '' };
  };

  const get = (url: string, token = owner.token) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('keeps the payment in process and gives its owner the client secret, asked of Stripe again on a retry', async () => {
    const announcement = await rental();
    const id = randomUUID();
    const first = await pay(announcement.id, 'pm_3ds', id);
    expect(first.statusCode).toBe(200);
    const dto = dataOf<PaymentDto>(first);
    expect(dto).toMatchObject({ id, statusCode: 'PAY001' });
    const [row] = await paymentsOf(db(), announcement.id);
    const intentId = row?.providerPaymentId ?? '';
    expect(intentId).toMatch(/^pi_fake/);
    expect(dto.nextAction).toEqual({ kind: 'stripe_3ds', clientSecret: `${intentId}_secret_fake3ds` });
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(false);

    // The same id again (a double click): no second intent, the secret retrieved from Stripe again.
    const before = created;
    const again = dataOf<PaymentDto>(await pay(announcement.id, 'pm_3ds', id));
    expect(created).toBe(before);
    expect(again.nextAction).toEqual(dto.nextAction);
    // The payment's own address and the status the waiting page polls carry it too, to the owner.
    const one = dataOf<PaymentDto>(await get(`/api/announcement/${announcement.id}/payment/${id}`));
    expect(one.nextAction).toEqual({ kind: 'stripe_3ds', clientSecret: `${intentId}_secret_fake3ds` });
    const status = dataOf<PaymentStatusDto>(await get(`/api/announcement/${announcement.id}/payment/status`));
    expect(status.payment?.nextAction?.kind).toBe('stripe_3ds');

    // Never stored: neither on the payment row nor in its attempts.
    const attempts = await db().select().from(paymentAttempts).where(eq(paymentAttempts.paymentId, id));
    expect(attempts.length).toBeGreaterThan(0);
    expect(JSON.stringify([row, attempts])).not.toContain('secret_fake3ds');
  });

  it('answers nobody else: another user gets 404 and no secret', async () => {
    const announcement = await rental();
    const id = randomUUID();
    await pay(announcement.id, 'pm_3ds', id);
    for (const url of [
      `/api/announcement/${announcement.id}/payment/${id}`,
      `/api/announcement/${announcement.id}/payment/status`,
    ]) {
      const response = await get(url, stranger.token);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('secret');
    }
    const reused = await t.app.inject({
      method: 'POST',
      url: `/api/announcement/${announcement.id}/payment`,
      headers: bearer(stranger.token),
      payload: { id, token: 'pm_3ds' },
    });
    expect(reused.statusCode).toBe(404);
    expect(reused.body).not.toContain('secret');
  });

  it('drops the secret once Stripe says the payer authenticated: the status settles the payment', async () => {
    const { announcement, id, intentId } = await waitingFor3ds();
    // What Stripe answers after `handleNextAction` succeeded in the browser.
    intents.set(intentId, { id: intentId, object: 'payment_intent', status: 'succeeded', amount: 4900 });
    const status = dataOf<PaymentStatusDto>(await get(`/api/announcement/${announcement.id}/payment/status`));
    expect(status).toMatchObject({ isPaid: true, payment: { id, statusCode: 'PAY002', nextAction: null } });
  });

  it('fails the payment when the payer fails or cancels 3-D Secure', async () => {
    const { announcement, id, intentId } = await waitingFor3ds();
    intents.set(intentId, {
      id: intentId,
      object: 'payment_intent',
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    });
    const one = dataOf<PaymentDto>(await get(`/api/announcement/${announcement.id}/payment/${id}`));
    expect(one).toMatchObject({
      statusCode: 'PAY003',
      failureCode: 'CARD_AUTHENTICATION_FAILED',
      nextAction: null,
    });
  });
});

describe('Content-Security-Policy with stripe', () => {
  it('allows Stripe.js, its frames and its API, and nothing else more', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const directives = cspDirectives(String(response.headers['content-security-policy']));
    expect(directives['script-src']).toBe("'self' https://js.stripe.com");
    expect(directives['frame-src']).toBe("'self' https://js.stripe.com https://hooks.stripe.com");
    expect(directives['connect-src']).toBe("'self' https://api.stripe.com");
    expect(directives['style-src']).toBe("'self'");
    expect(directives['frame-ancestors']).toBe("'none'");
  });
});

describe('POST /api/payment/notifications/stripe', () => {
  const secret = keys.STRIPE_WEBHOOK_SECRET;
  const eventOf = (intentId: string, status: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
      data: { object: { id: intentId, object: 'payment_intent', status, ...extra } },
    });
  const notify = (payload: string, signature: string | null) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/notifications/stripe',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });
  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? secret, ...options });

  /** A payment in process at Stripe (as after a `processing` answer). */
  async function inProcess() {
    const announcement = await rental();
    const providerPaymentId = `pi_${randomUUID().replace(/-/g, '')}`;
    const [row] = await db()
      .insert(payments)
      .values({
        id: randomUUID(),
        announcementId: announcement.id,
        ownerId: owner.user.id,
        provider: 'stripe',
        providerPaymentId,
        amountCents: 4900,
        vatCents: 850,
      })
      .returning();
    if (!row) throw new Error('no payment');
    return { announcement, payment: row };
  }

  it('settles a payment on a signed event, once: a replay is answered with no effect', async () => {
    const { announcement, payment } = await inProcess();
    const payload = eventOf(payment.providerPaymentId ?? '', 'succeeded');
    const response = await notify(payload, sign(payload));
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toEqual({ received: true, duplicate: false });
    const [row] = await paymentsOf(db(), announcement.id);
    expect(row?.statusCode).toBe('PAY002');
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(true);

    const replay = await notify(payload, sign(payload));
    expect(replay.statusCode).toBe(200);
    expect(dataOf(replay)).toEqual({ received: true, duplicate: true });
  });

  it('refuses a replayed event id carrying another outcome (no effect)', async () => {
    const { announcement, payment } = await inProcess();
    const failed = JSON.parse(
      eventOf(payment.providerPaymentId ?? '', 'requires_payment_method', {
        last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' },
      }),
    ) as { id: string };
    const first = JSON.stringify(failed);
    expect((await notify(first, sign(first))).statusCode).toBe(200);
    const [afterFailure] = await paymentsOf(db(), announcement.id);
    expect(afterFailure).toMatchObject({ statusCode: 'PAY003', failureCode: 'CARD_DECLINED' });
    // The same event id, now claiming success: already handled, nothing changes.
    const forged = eventOf(payment.providerPaymentId ?? '', 'succeeded').replace(
      /"evt_\w+"/,
      `"${failed.id}"`,
    );
    const replay = await notify(forged, sign(forged));
    expect(dataOf(replay)).toEqual({ received: true, duplicate: true });
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(false);
  });

  it('refuses a forged signature, an altered body, a missing signature and an old timestamp (400)', async () => {
    const { announcement, payment } = await inProcess();
    const payload = eventOf(payment.providerPaymentId ?? '', 'succeeded');
    const cases = [
      notify(payload, sign(payload, { secret: 'whsec_notTheEndpointSecret' })),
      notify(payload.replace('succeeded', 'succeeded '), sign(payload)),
      notify(payload, null),
      notify(payload, 'garbage'),
      notify(payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 })),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('PAYMENT_NOTIFICATION_INVALID');
    }
    const [row] = await paymentsOf(db(), announcement.id);
    expect(row?.statusCode).toBe('PAY001');
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(false);
  });
});

describe('stripe refunds (POST /api/agents/payment/{id}/refund)', () => {
  const refund = (paymentId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/agents/payment/${paymentId}/refund`,
      headers: bearer(agentToken),
      payload: { reason: 'El propietario pagó dos veces' },
    });
  const paid = async () => {
    const announcement = await rental();
    const payment = dataOf<PaymentDto>(await pay(announcement.id, 'pm_visa'));
    expect(payment.statusCode).toBe('PAY002');
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(true);
    const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
    return { announcement, payment, intent: row?.providerPaymentId ?? '' };
  };
  const invoicesOf = (paymentId: string) =>
    db().select().from(invoices).where(eq(invoices.paymentId, paymentId));
  const refundsOf = (paymentId: string) =>
    db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
  const requestsFor = (intent: string) => refundRequests.filter((r) => r.paymentIntent === intent);

  it('refunds the PaymentIntent at Stripe with the refund id as key: refunded, locked again, rectified', async () => {
    const { announcement, payment, intent } = await paid();
    expect(intent).toMatch(/^pi_fake\d+$/);
    const response = await refund(payment.id);
    expect(response.statusCode).toBe(200);
    const result = dataOf<RefundResultDto>(response);
    expect(result.refund).toMatchObject({ status: 'succeeded', amountCents: 4900 });
    expect(result.payment.statusCode).toBe('PAY004');
    // What Stripe was asked: this intent, the whole amount, our refund's id as Idempotency-Key.
    expect(requestsFor(intent)).toEqual([{ key: result.refund.id, paymentIntent: intent, amount: 4900 }]);
    const [row] = await refundsOf(payment.id);
    expect(row).toMatchObject({
      status: 'succeeded',
      providerRefundId: expect.stringMatching(/^re_fake\d+$/),
    });
    const [stored] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(stored?.statusCode).toBe('PAY004');
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(false);
    const issued = await invoicesOf(payment.id);
    const ordinary = issued.find((i) => i.series === 'F');
    const rectifying = issued.find((i) => i.series === 'R');
    expect(rectifying).toMatchObject({
      rectifiesId: ordinary?.id,
      refundId: result.refund.id,
      totalCents: -4900,
    });
    // Not twice: the payment is refunded now.
    const again = await refund(payment.id);
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('PAYMENT_NOT_REFUNDABLE');
    expect(requestsFor(intent)).toHaveLength(1);
  });

  it('answers 502 REFUND_FAILED and stores the refund failed when Stripe refuses or fails; a later try works', async () => {
    const { announcement, payment, intent } = await paid();
    for (const failure of ['invalid', 'down'] as const) {
      refundFailures.set(intent, failure);
      const response = await refund(payment.id);
      expect(response.statusCode).toBe(502);
      expect(errorCode(response)).toBe('REFUND_FAILED');
    }
    // Stripe's fault was tried again by the library with the same key (one refund at most).
    const [refusedKey, ...downKeys] = requestsFor(intent).map((r) => r.key);
    expect(downKeys.length).toBeGreaterThan(0);
    expect(new Set(downKeys).size).toBe(1);
    expect(downKeys[0]).not.toBe(refusedKey);
    const failed = await refundsOf(payment.id);
    expect(failed.map((r) => r.status)).toEqual(['failed', 'failed']);
    expect(failed.every((r) => r.providerRefundId === null)).toBe(true);
    // Why, in Spanish for the agents, and Stripe's own code on the refund's attempts.
    expect(failed.map((r) => r.failureMessage).sort()).toEqual(
      [errorMessages.REFUND_FAILED, paymentTexts.refundUnreachable].sort(),
    );
    const attempts = await db()
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.paymentId, payment.id), eq(paymentAttempts.kind, 'refund')));
    expect(attempts.map((a) => a.detail)).toContainEqual(
      expect.objectContaining({ status: 'failed', reason: 'charge_already_refunded' }),
    );
    const [stored] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(stored?.statusCode).toBe('PAY002');
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(true);
    expect((await invoicesOf(payment.id)).map((i) => i.series)).toEqual(['F']);

    refundFailures.delete(intent);
    const retried = await refund(payment.id);
    expect(retried.statusCode).toBe(200);
    expect(dataOf<RefundResultDto>(retried).payment.statusCode).toBe('PAY004');
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(false);
  });
});
