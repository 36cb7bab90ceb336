import { and, eq, sql } from 'drizzle-orm';
import { InvoiceSeries, invoiceCode, invoiceYear, type InvoiceKind } from '@casaoferta/domain/rules/invoice';
import { PAYMENT_VAT_PERCENT } from '@casaoferta/domain/rules/payment';
import type { InvoiceDto } from '@casaoferta/domain/schemas/payments';
import type { Db } from '../../db/client';
import { invoiceCounters, invoices, users, type InvoiceSeller } from '../../db/schema/index';
import { enqueueMessage } from '../../platform/outbox';
import { invoiceTexts } from './texts';

/**
 * Invoices (facturas) of the payments (issue 28, decision 033). Issued inside the transaction that
 * settles the payment (F) or the refund (R): the counter row of the series and year is incremented by
 * `insert … on conflict do update … returning` (its row lock orders concurrent issues; a rolled back
 * transaction takes its number back with it), so the numbers of a series and year never skip nor repeat.
 */

type InvoiceRow = typeof invoices.$inferSelect;

/** The next number of `series` in `year`, in the caller's transaction. */
async function nextNumber(tx: Db, series: string, year: number): Promise<number> {
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ series, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.year],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!counter) throw new Error('invoice counter not written');
  return counter.lastNumber;
}

export interface PaymentForInvoice {
  id: string;
  ownerId: string;
  amountCents: number;
  vatCents: number;
  billingNif: string | null;
  billingName: string | null;
  billingAddress: string | null;
}

export interface InvoiceContext {
  seller: InvoiceSeller;
  publicUrl: string;
}

/** The owner's confirmed e-mail gets the invoice: its number, its PDF attached, where to download it. */
async function mailInvoice(tx: Db, ctx: InvoiceContext, invoice: InvoiceRow, title: string) {
  if (!invoice.ownerId) return;
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, invoice.ownerId));
  if (!owner?.email) return;
  const texts =
    invoice.series === InvoiceSeries.Rectifying ? invoiceTexts.rectifyingEmail : invoiceTexts.email;
  await enqueueMessage(tx, {
    channel: 'email',
    recipient: owner.email,
    subject: texts.subject(invoice.code),
    body: texts.body(invoice.code, title, `${ctx.publicUrl}/my-payments`),
    // The PDF is drawn from the invoice's row when the e-mail is sent (invoice-pdf.ts), never stored here.
    attachments: [{ kind: 'invoice', id: invoice.id }],
  });
}

/** Issues the ordinary invoice (series F) of a payment that has just succeeded, in `tx`. */
export async function issuePaymentInvoice(
  tx: Db,
  ctx: InvoiceContext,
  payment: PaymentForInvoice,
  title: string,
): Promise<InvoiceRow> {
  const issuedAt = new Date();
  const year = invoiceYear(issuedAt);
  const number = await nextNumber(tx, InvoiceSeries.Ordinary, year);
  const kind: InvoiceKind = payment.billingNif ? 'complete' : 'simplified';
  const [row] = await tx
    .insert(invoices)
    .values({
      series: InvoiceSeries.Ordinary,
      year,
      number,
      code: invoiceCode(InvoiceSeries.Ordinary, year, number),
      kind,
      paymentId: payment.id,
      ownerId: payment.ownerId,
      seller: ctx.seller,
      buyerNif: payment.billingNif,
      buyerName: payment.billingName,
      buyerAddress: payment.billingAddress,
      description: invoiceTexts.description(title),
      baseCents: payment.amountCents - payment.vatCents,
      vatCents: payment.vatCents,
      totalCents: payment.amountCents,
      vatPercent: PAYMENT_VAT_PERCENT,
      issuedAt,
    })
    .returning();
  if (!row) throw new Error('invoice not written');
  await mailInvoice(tx, ctx, row, title);
  return row;
}

/**
 * Issues the rectifying invoice (series R) of a refund, in `tx`: the same buyer and kind as the
 * invoice it rectifies, the amounts negative (a whole refund).
 */
export async function issueRectifyingInvoice(
  tx: Db,
  ctx: InvoiceContext,
  paymentId: string,
  refundId: string,
  title: string,
): Promise<InvoiceRow | null> {
  const [original] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, paymentId), eq(invoices.series, InvoiceSeries.Ordinary)));
  if (!original) return null;
  const issuedAt = new Date();
  const year = invoiceYear(issuedAt);
  const number = await nextNumber(tx, InvoiceSeries.Rectifying, year);
  const [row] = await tx
    .insert(invoices)
    .values({
      series: InvoiceSeries.Rectifying,
      year,
      number,
      code: invoiceCode(InvoiceSeries.Rectifying, year, number),
      kind: original.kind,
      paymentId,
      refundId,
      rectifiesId: original.id,
      ownerId: original.ownerId,
      seller: ctx.seller,
      buyerNif: original.buyerNif,
      buyerName: original.buyerName,
      buyerAddress: original.buyerAddress,
      description: invoiceTexts.rectifyingDescription(original.code),
      baseCents: -original.baseCents,
      vatCents: -original.vatCents,
      totalCents: -original.totalCents,
      vatPercent: original.vatPercent,
      issuedAt,
    })
    .returning();
  if (!row) throw new Error('rectifying invoice not written');
  await mailInvoice(tx, ctx, row, title);
  return row;
}

export const invoiceDto = (row: InvoiceRow, rectifiesCode: string | null): InvoiceDto => ({
  id: row.id,
  code: row.code,
  series: row.series === InvoiceSeries.Rectifying ? 'R' : 'F',
  kind: row.kind === 'complete' ? 'complete' : 'simplified',
  totalCents: row.totalCents,
  baseCents: row.baseCents,
  vatCents: row.vatCents,
  issuedAt: row.issuedAt.toISOString(),
  rectifiesCode,
});
