import { desc, eq, inArray } from 'drizzle-orm';
import type { MyPaymentsDto } from '@casaoferta/domain/schemas/payments';
import type { Db } from '../../db/client';
import { announcements, invoices, paymentRefunds, payments } from '../../db/schema/index';
import { invoiceDto } from './invoices';
import { refundDto } from './refunds';
import { paymentDto } from './service';

/** How many payments "Mis pagos" lists (newest first): a person pays a few, once per announcement. */
export const MY_PAYMENTS_LIMIT = 100;

/**
 * GET /api/payments ("Mis pagos", issue 28): the caller's payments, newest first, each with its
 * announcement, its invoices (F and, after a refund, R) and its latest refund. Three reads, however many.
 */
export async function myPayments(db: Db, ownerId: string): Promise<MyPaymentsDto> {
  const rows = await db
    .select({ payment: payments, title: announcements.customTitle, propertyId: announcements.propertyId })
    .from(payments)
    .innerJoin(announcements, eq(announcements.id, payments.announcementId))
    .where(eq(payments.ownerId, ownerId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(MY_PAYMENTS_LIMIT);
  const ids = rows.map((r) => r.payment.id);
  const [invoiceRows, refundRows] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db.select().from(invoices).where(inArray(invoices.paymentId, ids)).orderBy(invoices.issuedAt),
          db
            .select()
            .from(paymentRefunds)
            .where(inArray(paymentRefunds.paymentId, ids))
            .orderBy(desc(paymentRefunds.createdAt)),
        ]);
  const codes = new Map(invoiceRows.map((i) => [i.id, i.code]));
  return {
    payments: rows.map(({ payment, title, propertyId }) => ({
      payment: paymentDto(payment),
      announcementTitle: title,
      propertyId,
      invoices: invoiceRows
        .filter((i) => i.paymentId === payment.id)
        .map((i) => invoiceDto(i, i.rectifiesId ? (codes.get(i.rectifiesId) ?? null) : null)),
      refund: (() => {
        const latest = refundRows.find((r) => r.paymentId === payment.id);
        return latest ? refundDto(latest) : null;
      })(),
    })),
  };
}

/** The payments of an announcement, for an agent deciding a refund (newest first). */
export async function announcementPayments(db: Db, announcementId: string) {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.announcementId, announcementId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return { payments: rows.map((p) => paymentDto(p)) };
}
