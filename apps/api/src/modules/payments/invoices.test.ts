import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { MyPaymentsDto, PaymentDto, RefundResultDto } from '@casaoferta/domain/schemas/payments';
import { invoiceYear } from '@casaoferta/domain/rules/invoice';
import { createAnnouncement } from '../../db/factories';
import {
  invoiceCounters,
  invoices,
  outbox,
  paymentRefunds,
  permissions,
  rolePermissions,
  roles,
} from '../../db/schema/index';
import { SandboxProvider } from '../../platform/payments/sandbox';
import type { TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import { pdftotext, reportText } from '../back-office/downloads-test-support';
import { announcementOf, errorCode, paymentTestApp, paymentsOf } from './payment-test-support';

// Invoices and refunds (issue 28) with the sandbox: one invoice per payment, numbers that never skip
// nor repeat under many payments at once, complete or simplified, the PDF for its owner only, the
// refund by an agent with the permission (and its forbidden cases), the rectifying invoice, "Mis pagos".

const sandbox = new SandboxProvider();
let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithSession>>;
let other: Awaited<ReturnType<typeof userWithSession>>;
let agentToken: string;

beforeAll(async () => {
  t = await paymentTestApp(sandbox);
  owner = await userWithSession(t.database.db, {
    name: 'Olga',
    surname: 'Dueña',
    email: 'olga.f@casaoferta.test',
  });
  other = await userWithSession(t.database.db, { name: 'Sergio', surname: 'Otro' });
  agentToken = (await agentWithSession(t.database.db, 'agent')).token;
});
afterAll(() => t.close());

const db = () => t.database.db;
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;
const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const rental = async (ownerId = owner.user.id) =>
  (await createAnnouncement(db(), ownerId, { typeCode: 'ATY002', customTitle: 'Piso en Chamberí' }))
    .announcement;
const pay = async (announcementId: string, body: object = {}, as = owner.token) =>
  call('POST', `/api/announcement/${announcementId}/payment`, as, {
    id: randomUUID(),
    token: 'tok_sandbox_approve_4242',
    ...body,
  });
const invoicesOf = (paymentId: string) =>
  db().select().from(invoices).where(eq(invoices.paymentId, paymentId));

describe('invoices', () => {
  it('issues a simplified invoice without buyer data, a complete one with it: base + 21 % VAT = total', async () => {
    const simple = dataOf<PaymentDto>(await pay((await rental()).id));
    const [s] = await invoicesOf(simple.id);
    expect(s).toMatchObject({
      series: 'F',
      kind: 'simplified',
      baseCents: 4050,
      vatCents: 850,
      totalCents: 4900,
    });
    expect(s?.buyerNif).toBeNull();
    expect(s?.code).toMatch(new RegExp(`^F-${invoiceYear(new Date())}-\\d{6}$`));
    const complete = dataOf<PaymentDto>(
      await pay((await rental()).id, {
        billing: { nif: 'b12345674', name: 'Inmuebles Olga, S.L.', address: 'Calle Mayor 1, 28013 Madrid' },
      }),
    );
    const [c] = await invoicesOf(complete.id);
    expect(c).toMatchObject({
      kind: 'complete',
      buyerNif: 'B12345674',
      buyerName: 'Inmuebles Olga, S.L.',
      seller: t.config.invoiceSeller,
    });
    // The owner's confirmed address gets it.
    const mails = await db()
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.recipient, 'olga.f@casaoferta.test'),
          eq(outbox.subject, `Tu factura ${c?.code ?? '?'} de Casaoferta`),
        ),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain(`${t.config.publicOrigin}/my-payments`);
  });

  it('issues none for a declined payment, and numbers never skip nor repeat with 16 payments at once', async () => {
    const declined = dataOf<PaymentDto>(
      await pay((await rental()).id, { token: 'tok_sandbox_decline_0002' }),
    );
    expect(await invoicesOf(declined.id)).toHaveLength(0);
    const year = invoiceYear(new Date());
    const before = await db()
      .select({ last: invoiceCounters.lastNumber })
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.series, 'F'), eq(invoiceCounters.year, year)));
    const start = before[0]?.last ?? 0;
    const announcements = await Promise.all(Array.from({ length: 16 }, () => rental()));
    const answers = await Promise.all(announcements.map((a) => pay(a.id)));
    expect(answers.every((a) => dataOf<PaymentDto>(a).statusCode === 'PAY002')).toBe(true);
    const numbers = (
      await db()
        .select({ number: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.series, 'F'), eq(invoices.year, year), sql`${invoices.number} > ${start}`))
    )
      .map((r) => r.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 16 }, (_, i) => start + i + 1));
    const [counter] = await db()
      .select({ last: invoiceCounters.lastNumber })
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.series, 'F'), eq(invoiceCounters.year, year)));
    expect(counter?.last).toBe(start + 16);
  });

  it('serves the PDF to its owner only', async () => {
    const payment = dataOf<PaymentDto>(
      await pay((await rental()).id, {
        billing: { nif: '12345678Z', name: 'Olga Dueña', address: 'Calle Mayor 1, 28013 Madrid' },
      }),
    );
    const [invoice] = await invoicesOf(payment.id);
    if (!invoice) throw new Error('no invoice');
    const url = `/api/invoice/${invoice.id}/pdf`;
    const response = await call('GET', url, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(String(response.headers['content-disposition'])).toContain(`factura-${invoice.code}.pdf`);
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getTitle()).toBe(`Factura ${invoice.code}`);
    expect(pdf.getPageCount()).toBe(1);
    // What it says: number, seller, buyer, base + 21 % VAT = total.
    const text = (await reportText(response.rawPayload)).replace(/\s+/g, ' ');
    for (const expected of [
      invoice.code,
      t.config.invoiceSeller.nif,
      '12345678Z',
      'Calle Mayor 1, 28013 Madrid',
      'Base imponible',
      '40,50 €',
      'IVA (21 %)',
      '8,50 €',
      '49,00 €',
    ]) {
      expect(text).toContain(expected);
    }
    const poppler = pdftotext(response.rawPayload);
    if (poppler !== null) expect(poppler).toContain(invoice.code);
    expect((await call('GET', url, other.token)).statusCode).toBe(404);
    expect((await call('GET', url, null)).statusCode).toBe(401);
    expect((await call('GET', url, agentToken)).statusCode).toBe(403);
    expect((await call('GET', `/api/invoice/${randomUUID()}/pdf`, owner.token)).statusCode).toBe(404);
  });
});

describe('refunds by an agent', () => {
  const refund = (paymentId: string, token: string | null, reason = 'El propietario pagó dos veces') =>
    call('POST', `/api/agents/payment/${paymentId}/refund`, token, { reason });

  it('refuses visitors, owners, and agents without the permission; checks the reason; stores nothing', async () => {
    const announcement = await rental();
    const payment = dataOf<PaymentDto>(await pay(announcement.id));
    expect((await refund(payment.id, null)).statusCode).toBe(401);
    expect((await refund(payment.id, owner.token)).statusCode).toBe(403);
    expect((await refund(payment.id, other.token)).statusCode).toBe(403);
    const short = await refund(payment.id, agentToken, 'no');
    expect(short.statusCode).toBe(422);
    expect(errorCode(short)).toBe('REFUND_REASON_REQUIRED');
    expect((await call('POST', `/api/agents/payment/${payment.id}/refund`, agentToken, {})).statusCode).toBe(
      400,
    );
    expect((await refund(randomUUID(), agentToken)).statusCode).toBe(404);
    // An agent whose role lacks payments.refund.
    const limited = await agentWithSession(db(), 'agent');
    const [role] = await db().select().from(roles).where(eq(roles.name, 'agent'));
    const [permission] = await db().select().from(permissions).where(eq(permissions.name, 'payments.refund'));
    if (!role || !permission) throw new Error('roles not seeded');
    await db()
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, role.id), eq(rolePermissions.permissionId, permission.id)));
    try {
      expect((await refund(payment.id, limited.token)).statusCode).toBe(403);
      expect(
        (await call('GET', `/api/agents/announcement/${announcement.id}/payments`, limited.token)).statusCode,
      ).toBe(403);
    } finally {
      await db().insert(rolePermissions).values({ roleId: role.id, permissionId: permission.id });
    }
    expect(
      await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id)),
    ).toHaveLength(0);
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(true);
  });

  it('refunds once under 10 agents at once; the unlock follows; the R invoice rectifies the F; paying again works', async () => {
    const announcement = await rental();
    const payment = dataOf<PaymentDto>(await pay(announcement.id));
    const listed = dataOf<{ payments: PaymentDto[] }>(
      await call('GET', `/api/agents/announcement/${announcement.id}/payments`, agentToken),
    );
    expect(listed.payments.map((p) => p.id)).toEqual([payment.id]);
    const refundsBefore = sandbox.refundCount;
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(payment.id, agentToken)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    expect(sandbox.refundCount).toBe(refundsBefore + 1);
    const winner = answers.find((a) => a.statusCode === 200);
    if (!winner) throw new Error('no winner');
    expect(dataOf<RefundResultDto>(winner)).toMatchObject({
      refund: { status: 'succeeded', reason: 'El propietario pagó dos veces' },
      payment: { statusCode: 'PAY004' },
    });
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(false);
    // The amounts are locked again for the owner.
    const price = dataOf<{ unlocked: boolean }>(
      await call('GET', `/api/announcement/${announcement.id}/unlock-price`, owner.token),
    );
    expect(price.unlocked).toBe(false);
    const [f, r] = (await invoicesOf(payment.id)).sort((a, b) => a.series.localeCompare(b.series));
    expect(r).toMatchObject({
      series: 'R',
      rectifiesId: f?.id,
      totalCents: -4900,
      baseCents: -4050,
      vatCents: -850,
    });
    const rectifying = await call('GET', `/api/invoice/${r?.id ?? ''}/pdf`, owner.token);
    expect(rectifying.statusCode).toBe(200);
    const text = (await reportText(rectifying.rawPayload)).replace(/\s+/g, ' ');
    for (const expected of [
      'Factura simplificada rectificativa',
      'Rectifica a la factura',
      f?.code ?? '?',
      '-49,00 €',
    ])
      expect(text).toContain(expected);
    // Refunded already: no second refund.
    const again = await refund(payment.id, agentToken);
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('PAYMENT_NOT_REFUNDABLE');
    // The owner may pay again.
    expect(dataOf<PaymentDto>(await pay(announcement.id)).statusCode).toBe('PAY002');
    expect((await announcementOf(db(), announcement.id)).isPaid).toBe(true);
  });

  it('refuses a payment that did not succeed', async () => {
    const declined = dataOf<PaymentDto>(
      await pay((await rental()).id, { token: 'tok_sandbox_decline_0002' }),
    );
    const response = await refund(declined.id, agentToken);
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe('PAYMENT_NOT_REFUNDABLE');
  });
});

describe('GET /api/payments (Mis pagos)', () => {
  it('lists the caller’s payments with invoices and refunds, and nobody else’s', async () => {
    const mine = await userWithSession(db(), { name: 'Marta', surname: 'Pagos' });
    const announcement = await rental(mine.user.id);
    const payment = dataOf<PaymentDto>(await pay(announcement.id, {}, mine.token));
    await refund(payment.id, agentToken);
    const list = dataOf<MyPaymentsDto>(await call('GET', '/api/payments', mine.token));
    expect(list.payments).toHaveLength(1);
    expect(list.payments[0]).toMatchObject({
      payment: { id: payment.id, statusCode: 'PAY004', method: 'card' },
      announcementTitle: 'Piso en Chamberí',
      propertyId: announcement.propertyId,
      refund: { status: 'succeeded' },
    });
    const codes = list.payments[0]?.invoices.map((i) => i.series);
    expect(codes).toEqual(['F', 'R']);
    expect(list.payments[0]?.invoices[1]?.rectifiesCode).toBe(list.payments[0]?.invoices[0]?.code);
    expect(dataOf<MyPaymentsDto>(await call('GET', '/api/payments', other.token)).payments).toEqual([]);
    expect((await call('GET', '/api/payments', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/payments', agentToken)).statusCode).toBe(403);
    expect(await paymentsOf(db(), announcement.id)).toHaveLength(1);
  });

  function refund(paymentId: string, token: string) {
    return call('POST', `/api/agents/payment/${paymentId}/refund`, token, { reason: 'Devolución de prueba' });
  }
});
