import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { PaymentDto, PaymentSummary, RefundResultDto } from '@casaoferta/domain/schemas/payments';
import { createAnnouncement } from '../../db/factories';
import { invoices, outbox, paymentAttempts, paymentNotifications, payments } from '../../db/schema/index';
import { RedsysProvider } from '../../platform/payments/redsys';
import { redsysKeyBytes } from '../../platform/payments/redsys-signature';
import { RedsysSimulator } from '../../platform/payments/redsys-simulator';
import type { TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import { announcementOf, cspDirectives, errorCode, paymentTestApp, paymentsOf } from './payment-test-support';

// Redsys (issue 28): the redirect form, the notification verified before anything changes, exactly
// once under 20 deliveries at once, forged / amount-changed / replayed notifications, refunds by the
// REST operation; against the local simulator (platform/payments/redsys-simulator.ts).

const secretKey = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const merchantCode = '999008881';
const simulator = new RedsysSimulator({ merchantCode, terminal: '1', secretKey });
let provider: RedsysProvider;
let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithSession>>;
let agentToken: string;

beforeAll(async () => {
  const gatewayUrl = await simulator.start();
  provider = new RedsysProvider({
    merchantCode,
    terminal: '1',
    key: redsysKeyBytes(secretKey) ?? Buffer.alloc(0),
    gatewayUrl,
    merchantName: 'Casaoferta',
  });
  t = await paymentTestApp(provider);
  owner = await userWithSession(t.database.db, {
    name: 'Olga',
    surname: 'Dueña Ruiz',
    email: 'olga.redsys@casaoferta.test',
  });
  agentToken = (await agentWithSession(t.database.db, 'agent')).token;
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

const db = () => t.database.db;
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;
const rental = async () =>
  (await createAnnouncement(db(), owner.user.id, { typeCode: 'ATY002' })).announcement;
const startPayment = (announcementId: string, body: object, id: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/announcement/${announcementId}/payment`,
    headers: bearer(owner.token),
    payload: { id, ...body },
  });
const notify = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/notifications/redsys',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });

/** A payment sent to the gateway: its DTO and the order the simulator accepted from its form. */
async function atGateway(method: 'card' | 'bizum' = 'card', body: object = {}) {
  const announcement = await rental();
  const response = await startPayment(announcement.id, { method, ...body });
  expect(response.statusCode).toBe(200);
  const payment = dataOf<PaymentDto>(response);
  const action = payment.nextAction;
  if (action?.kind !== 'redirect') throw new Error('no redirect form');
  const accepted = simulator.accept(action.fields);
  if ('error' in accepted) throw new Error(`the gateway refused the form: ${accepted.error}`);
  return { announcement, payment, action, order: accepted.order.order };
}

describe('Redsys: the redirect form', () => {
  it('offers card and Bizum, and answers a signed form the gateway accepts', async () => {
    const announcement = await rental();
    const summary = dataOf<PaymentSummary>(
      await t.app.inject({
        method: 'GET',
        url: `/api/announcement/${announcement.id}/payment`,
        headers: bearer(owner.token),
      }),
    );
    expect(summary).toMatchObject({ provider: 'redsys', methods: ['card', 'bizum'], priceCents: 4900 });

    const { payment, action, order } = await atGateway('card');
    expect(payment).toMatchObject({ statusCode: 'PAY001', provider: 'redsys', method: 'card' });
    expect(action.url).toBe(`${simulator.url}/sis/realizarPago`);
    expect(action.fields.Ds_SignatureVersion).toBe('HMAC_SHA256_V1');
    expect(order).toMatch(/^\d{12}$/);
    const sent = simulator.orders.get(order);
    expect(sent).toMatchObject({ amount: '4900', currency: '978', payMethods: 'C' });
    expect(sent?.merchantUrl).toBe(`${t.config.publicOrigin}/api/payment/notifications/redsys`);
    expect(sent?.urlOk).toContain(`/payment-in-process/${payment.announcementId}/property/`);
    expect(sent?.urlOk).toMatch(/\?gateway=ok$/);
    expect(sent?.urlKo).toMatch(/\?gateway=ko$/);
  });

  it('sends Bizum with Ds_Merchant_PayMethods z', async () => {
    const { payment, order } = await atGateway('bizum');
    expect(payment.method).toBe('bizum');
    expect(simulator.orders.get(order)?.payMethods).toBe('z');
  });

  it('gives each attempt its own order number, and the same attempt its same form', async () => {
    const announcement = await rental();
    const id = randomUUID();
    const first = dataOf<PaymentDto>(await startPayment(announcement.id, { method: 'card' }, id));
    const again = dataOf<PaymentDto>(await startPayment(announcement.id, { method: 'card' }, id));
    expect(again.nextAction).toEqual(first.nextAction);
    const rows = await paymentsOf(db(), announcement.id);
    expect(rows).toHaveLength(1);
    // Another attempt while this one is at the gateway waits for it.
    const other = await startPayment(announcement.id, { method: 'bizum' });
    expect(other.statusCode).toBe(409);
    expect(errorCode(other)).toBe('PAYMENT_IN_PROGRESS');
  });

  it('lets a new attempt replace one abandoned at the gateway for 30 minutes; a late approval unlocks nothing', async () => {
    const { announcement, payment, order } = await atGateway('card');
    await db()
      .update(payments)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(payments.id, payment.id));
    const retry = await startPayment(announcement.id, { method: 'bizum' });
    expect(retry.statusCode).toBe(200);
    const rows = await paymentsOf(db(), announcement.id);
    expect(rows.find((r) => r.id === payment.id)).toMatchObject({
      statusCode: 'PAY003',
      failureCode: 'PAYMENT_EXPIRED',
    });
    // The abandoned attempt's approval arrives after all: acknowledged, logged, nothing unlocked by it.
    const late = await notify(simulator.notificationFor(order, '0000'));
    expect(late.statusCode).toBe(200);
    expect((await paymentsOf(db(), announcement.id)).find((r) => r.id === payment.id)?.statusCode).toBe(
      'PAY003',
    );
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(false);
    expect(await db().select().from(invoices).where(eq(invoices.paymentId, payment.id))).toHaveLength(0);
  });

  it('lets the checkout post to the gateway (Content-Security-Policy form-action)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = cspDirectives(String(response.headers['content-security-policy']));
    expect(csp['form-action']).toBe(`'self' ${simulator.url}`);
  });

  it('refuses a card token with Redsys, and bad billing data, storing nothing', async () => {
    const announcement = await rental();
    const token = await startPayment(announcement.id, { token: 'tok_sandbox_approve_4242' });
    expect(token.statusCode).toBe(200);
    expect(dataOf<PaymentDto>(token).nextAction?.kind).toBe('redirect');
    const other = await rental();
    for (const [billing, code] of [
      [{ nif: '12345678A', name: 'Olga Dueña', address: 'Calle Mayor 1, Madrid' }, 'NIF_INVALID'],
      [{ nif: '12345678Z', name: '', address: 'Calle Mayor 1, Madrid' }, 'BILLING_NAME_REQUIRED'],
      [{ nif: '12345678Z', name: 'Olga Dueña', address: '' }, 'BILLING_ADDRESS_REQUIRED'],
    ] as const) {
      const response = await startPayment(other.id, { method: 'card', billing });
      expect(response.statusCode).toBe(422);
      expect(errorCode(response)).toBe(code);
    }
    expect(await paymentsOf(db(), other.id)).toHaveLength(0);
  });
});

describe('Redsys: the notification', () => {
  it('settles an approved payment: paid, invoiced, the owner told; the redirect alone changes nothing', async () => {
    const { announcement, payment, order } = await atGateway('card', {
      billing: { nif: '12345678z', name: 'Olga Dueña Ruiz', address: 'Calle Mayor 1, 28013 Madrid' },
    });
    // The payer is back on URLOK, but no notification yet: still in process, nothing unlocked.
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/announcement/${announcement.id}/payment/status`,
      headers: bearer(owner.token),
    });
    expect(dataOf<{ isPaid: boolean; payment: PaymentDto }>(status)).toMatchObject({
      isPaid: false,
      payment: { statusCode: 'PAY001' },
    });

    const response = await notify(simulator.notificationFor(order, '0000'));
    expect(response.statusCode).toBe(200);
    expect(dataOf<{ duplicate: boolean }>(response).duplicate).toBe(false);
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(true);
    const [row] = await paymentsOf(db(), announcement.id);
    expect(row).toMatchObject({ statusCode: 'PAY002', billingNif: '12345678Z' });
    const issued = await db().select().from(invoices).where(eq(invoices.paymentId, payment.id));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      series: 'F',
      kind: 'complete',
      totalCents: 4900,
      baseCents: 4050,
      vatCents: 850,
    });
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'olga.redsys@casaoferta.test'), eq(outbox.channel, 'email')));
    expect(mails.some((m) => m.subject === `Tu factura ${issued[0]?.code ?? '?'} de Casaoferta`)).toBe(true);
  });

  it('writes a denied card and a denied Bizum with their Spanish reasons, and a cancel', async () => {
    const card = await atGateway('card');
    await notify(simulator.notificationFor(card.order, '0190'));
    const bizum = await atGateway('bizum');
    await notify(simulator.notificationFor(bizum.order, '9673'));
    const cancelled = await atGateway('card');
    await notify(simulator.notificationFor(cancelled.order, '9915'));
    const [c] = await paymentsOf(db(), card.announcement.id);
    const [b] = await paymentsOf(db(), bizum.announcement.id);
    const [x] = await paymentsOf(db(), cancelled.announcement.id);
    expect(c).toMatchObject({ statusCode: 'PAY003', failureCode: 'CARD_DECLINED' });
    expect(b).toMatchObject({ statusCode: 'PAY003', failureCode: 'BIZUM_DECLINED' });
    expect(x).toMatchObject({ statusCode: 'PAY003', failureCode: 'PAYMENT_CANCELLED' });
    expect((await announcementOf(db(), card.announcement.id)).isPaid).toBe(false);
    // A failed attempt leaves room for another, with a new order.
    const retry = await startPayment(card.announcement.id, { method: 'card' });
    const action = dataOf<PaymentDto>(retry).nextAction;
    expect(action?.kind === 'redirect' && 'error' in simulator.accept(action.fields)).toBe(false);
  });

  it('refuses a forged, an amount-changed or another merchant’s notification, changing nothing', async () => {
    const { announcement, order } = await atGateway('card');
    const genuine = new URLSearchParams(simulator.notificationFor(order, '0000'));
    const forged = new URLSearchParams(genuine);
    forged.set('Ds_Signature', Buffer.alloc(32, 1).toString('base64url'));
    // Signed with the merchant's key (as if it had leaked) but for 1 cent: the amount is not the payment's.
    const cheap = simulator.notificationFor(order, '0000', { Ds_Amount: '1' });
    const otherMerchant = simulator.notificationFor(order, '0000', { Ds_MerchantCode: '999008882' });
    const otherCurrency = simulator.notificationFor(order, '0000', { Ds_Currency: '840' });
    const unsigned = new URLSearchParams(genuine);
    unsigned.delete('Ds_Signature');
    for (const body of [forged.toString(), cheap, otherMerchant, otherCurrency, unsigned.toString(), 'x=1']) {
      const response = await notify(body);
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('PAYMENT_NOTIFICATION_INVALID');
    }
    const [row] = await paymentsOf(db(), announcement.id);
    expect(row?.statusCode).toBe('PAY001');
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(false);
    const stored = await db()
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.paymentId, row?.id ?? ''));
    expect(stored).toHaveLength(0);
    // The genuine one still settles it afterwards.
    expect((await notify(genuine.toString())).statusCode).toBe(200);
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(true);
  });

  it('applies the same notification once, delivered 20 times at once, and answers a replay as duplicate', async () => {
    const { announcement, payment, order } = await atGateway('bizum');
    const body = simulator.notificationFor(order, '0000');
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const duplicates = answers.filter((a) => dataOf<{ duplicate: boolean }>(a).duplicate);
    expect(duplicates).toHaveLength(19);
    const applied = await db()
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.paymentId, payment.id), eq(paymentAttempts.kind, 'notification')));
    expect(applied).toHaveLength(1);
    expect(await db().select().from(invoices).where(eq(invoices.paymentId, payment.id))).toHaveLength(1);
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(true);
    // A later replay: still one effect.
    const replay = await notify(body);
    expect(dataOf<{ duplicate: boolean }>(replay).duplicate).toBe(true);
    expect(await db().select().from(invoices).where(eq(invoices.paymentId, payment.id))).toHaveLength(1);
  });

  it('refuses notifications while another provider is configured (the Stripe route too)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment/notifications/stripe',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('Redsys: refunds through the REST operation', () => {
  it('gives the payment back once, locks the announcement and issues the rectifying invoice', async () => {
    const { announcement, payment, order } = await atGateway('card');
    await notify(simulator.notificationFor(order, '0000'));
    // Redsys marks the order authorised when the payer pays (the notification above came from a test).
    const known = simulator.orders.get(order);
    if (known) known.authorised = true;
    const refund = (reason: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/agents/payment/${payment.id}/refund`,
        headers: bearer(agentToken),
        payload: { reason },
      });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => refund('El anuncio se retiró por error')),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(4);
    const [winner] = ok;
    if (!winner) throw new Error('no refund succeeded');
    expect(dataOf<RefundResultDto>(winner)).toMatchObject({
      refund: { status: 'succeeded', amountCents: 4900 },
      payment: { statusCode: 'PAY004' },
    });
    expect(simulator.orders.get(order)?.refunded).toBe(4900);
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(false);
    const issued = await db().select().from(invoices).where(eq(invoices.paymentId, payment.id));
    expect(issued.map((i) => [i.series, i.totalCents]).sort()).toEqual([
      ['F', 4900],
      ['R', -4900],
    ]);
  });

  it('reports the gateway’s refusal as 502 REFUND_FAILED and changes nothing', async () => {
    const { announcement, payment, order } = await atGateway('card');
    await notify(simulator.notificationFor(order, '0000'));
    // Not marked authorised at the simulator: it answers SIS0054.
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/agents/payment/${payment.id}/refund`,
      headers: bearer(agentToken),
      payload: { reason: 'Prueba de una devolución rechazada' },
    });
    expect(response.statusCode).toBe(502);
    expect(errorCode(response)).toBe('REFUND_FAILED');
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(true);
    const [row] = await paymentsOf(db(), announcement.id);
    expect(row?.statusCode).toBe('PAY002');
  });
});
