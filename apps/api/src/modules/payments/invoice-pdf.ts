import { and, eq, type SQL } from 'drizzle-orm';
import { formatLongDate } from '@casaoferta/domain/format';
import type { Db } from '../../db/client';
import { invoices, payments } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import type { AttachmentResolver, ResolvedAttachment } from '../../platform/outbox';
import { invoiceTexts } from './texts';

const t = invoiceTexts.pdf;
const money = new Intl.NumberFormat('es-ES', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: 'always',
});
/** "40,50 €", "-49,00 €". */
export const invoiceEuros = (cents: number): string => `${money.format(cents / 100)} €`;

/**
 * An invoice's PDF (issue 28), drawn from its stored row by the platform's PDF writer (the report
 * layout the agents' reports use): the kind and number, the date, the seller and (complete invoice)
 * the buyer, the concept, base, VAT and total. Only its owner may download it (404 to anyone else).
 */
export async function invoicePdf(
  db: Db,
  ownerId: string,
  invoiceId: string,
): Promise<{ bytes: Uint8Array; code: string }> {
  const pdf = await drawInvoice(db, and(eq(invoices.id, invoiceId), eq(invoices.ownerId, ownerId)));
  if (!pdf) throw new DomainError('NOT_FOUND');
  return pdf;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An invoice's PDF as the attachment of its e-mail (drawn when sent); null when the invoice is gone. */
export async function invoiceAttachment(db: Db, invoiceId: string): Promise<ResolvedAttachment | null> {
  if (!UUID.test(invoiceId)) return null;
  const pdf = await drawInvoice(db, eq(invoices.id, invoiceId));
  return pdf
    ? { filename: invoiceTexts.attachmentName(pdf.code), contentType: 'application/pdf', content: pdf.bytes }
    : null;
}

/** The attachments the payments module draws for the delivery worker (wired in app.ts). */
export const paymentAttachments =
  (db: Db): AttachmentResolver =>
  async (attachment) =>
    attachment.kind === 'invoice' ? invoiceAttachment(db, attachment.id) : null;

async function drawInvoice(
  db: Db,
  which: SQL | undefined,
): Promise<{ bytes: Uint8Array; code: string } | null> {
  const [row] = await db
    .select({ invoice: invoices, method: payments.method })
    .from(invoices)
    .leftJoin(payments, eq(payments.id, invoices.paymentId))
    .where(which);
  if (!row) return null;
  const { invoice } = row;
  const rectifying = invoice.series === 'R';
  const complete = invoice.kind === 'complete';
  const [rectified] = invoice.rectifiesId
    ? await db.select({ code: invoices.code }).from(invoices).where(eq(invoices.id, invoice.rectifiesId))
    : [];
  const title = rectifying
    ? complete
      ? t.rectifying
      : t.simplifiedRectifying
    : complete
      ? t.complete
      : t.simplified;
  // The PDF writer (pdf-lib, fontkit) is loaded on the first invoice drawn, not at start (decision 036).
  const { renderReport } = await import('../back-office/report-pdf');
  const bytes = await renderReport({
    title: `${title} ${invoice.code}`,
    subtitle: [],
    sections: [
      {
        title,
        blocks: [
          {
            kind: 'fields',
            rows: [
              [t.number, invoice.code],
              [t.date, formatLongDate(invoice.issuedAt)],
              ...(rectified ? ([[t.rectifies, rectified.code]] as const) : []),
              ...(rectifying ? ([[t.rectifyingReason, t.rectifyingReasonValue]] as const) : []),
            ],
          },
        ],
      },
      {
        title: t.seller,
        blocks: [
          {
            kind: 'fields',
            rows: [
              [t.name, invoice.seller.name],
              [t.nif, invoice.seller.nif],
              [t.address, invoice.seller.address],
            ],
          },
        ],
      },
      ...(complete
        ? [
            {
              title: t.buyer,
              blocks: [
                {
                  kind: 'fields' as const,
                  rows: [
                    [t.name, invoice.buyerName ?? ''],
                    [t.nif, invoice.buyerNif ?? ''],
                    [t.address, invoice.buyerAddress ?? ''],
                  ] as const,
                },
              ],
            },
          ]
        : []),
      {
        title: t.concept,
        blocks: [
          {
            kind: 'table',
            columns: [
              { title: t.concept, width: 0.55 },
              { title: t.base, width: 0.15 },
              { title: t.vat(invoice.vatPercent), width: 0.15 },
              { title: t.total, width: 0.15 },
            ],
            rows: [
              [
                invoice.description,
                invoiceEuros(invoice.baseCents),
                invoiceEuros(invoice.vatCents),
                invoiceEuros(invoice.totalCents),
              ],
            ],
            empty: '',
          },
          {
            kind: 'fields',
            rows: [
              [t.base, invoiceEuros(invoice.baseCents)],
              [t.vat(invoice.vatPercent), invoiceEuros(invoice.vatCents)],
              [complete ? t.total : `${t.total} (${t.vatIncluded})`, invoiceEuros(invoice.totalCents)],
              ...(row.method
                ? ([
                    [
                      t.paidWith,
                      row.method === 'bizum' ? invoiceTexts.methods.bizum : invoiceTexts.methods.card,
                    ],
                  ] as const)
                : []),
            ],
          },
        ],
      },
    ],
    footer: t.footer,
    pageLabel: t.page,
    author: invoice.seller.name,
    createdAt: invoice.issuedAt,
  });
  return { bytes, code: invoice.code };
}
