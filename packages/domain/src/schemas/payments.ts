import { z } from 'zod';
import { PaymentStatus } from '../codes';
import { announcementKinds } from '../announcement-kind';
import { invoiceKinds } from '../rules/invoice';

/** Payment per announcement (issue 13; SPEC 7.3 payment/status, 7.8 tokenize-card). */

/**
 * What the browser must do to finish a payment in process: Stripe's 3-D Secure, completed by Stripe.js
 * (`handleNextAction`) with the PaymentIntent's client secret. Only to the payment's owner, only while
 * the payment is in process (PAY001).
 */
export const paymentNextAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('stripe_3ds'), clientSecret: z.string() }),
  /**
   * A redirect provider (Redsys): the browser posts these fields to `url` (the bank's gateway, where the
   * payer types the card or confirms Bizum); the gateway notifies the API and sends the payer back to the
   * return page, which waits for that notification. Signed fields, no secret: safe to hand over.
   */
  z.object({ kind: z.literal('redirect'), url: z.url(), fields: z.record(z.string(), z.string()) }),
]);
export type PaymentNextAction = z.infer<typeof paymentNextAction>;

/** How the payer pays: a card (any provider) or Bizum (through Redsys). */
export const paymentMethods = ['card', 'bizum'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** A payment as the owner reads it. Amounts in euro cents. */
export const payment = z.object({
  id: z.uuid(),
  announcementId: z.uuid(),
  statusCode: z.enum(PaymentStatus),
  provider: z.string(),
  method: z.enum(paymentMethods),
  amountCents: z.number().int(),
  vatCents: z.number().int(),
  currency: z.string(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** An `exceptionAttributes` code and the provider's reason in Spanish, when it failed. */
  failureCode: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
  /** Set while PAY001 needs the payer in the browser (3-D Secure); absent or null otherwise. */
  nextAction: paymentNextAction.nullable().optional(),
});
export type PaymentDto = z.infer<typeof payment>;

/** GET /api/announcement/{id}/payment: what the owner is about to buy, and where it stands. */
export const paymentSummary = z.object({
  announcementId: z.uuid(),
  propertyId: z.uuid(),
  title: z.string().nullable(),
  kind: z.enum(announcementKinds),
  /** VAT included, then its base and VAT parts; percent of the VAT. */
  priceCents: z.number().int(),
  baseCents: z.number().int(),
  vatCents: z.number().int(),
  vatPercent: z.number(),
  currency: z.literal('EUR'),
  isPaid: z.boolean(),
  paidAt: z.iso.datetime().nullable(),
  /** Marked paid by an agent (back office), not by a payment. */
  paidByAgent: z.boolean(),
  latestPayment: payment.nullable(),
  provider: z.enum(['sandbox', 'stripe', 'redsys']),
  /** Stripe's publishable key, for the card form; null with the sandbox. */
  publishableKey: z.string().nullable(),
  /** What the payer can choose: card always; Bizum with Redsys. */
  methods: z.array(z.enum(paymentMethods)),
});
export type PaymentSummary = z.infer<typeof paymentSummary>;

/** POST /api/payment/tokenize-card: only the provider's token of the card, never its number. */
export const tokenizeCardInput = z.object({ token: z.string().min(1).max(255) });
export const tokenizedCard = z.object({ token: z.string(), brand: z.string(), last4: z.string() });
export type TokenizedCard = z.infer<typeof tokenizedCard>;

/**
 * The buyer's data for a complete invoice (issue 28): a tax id (DNI, NIE or company NIF), the name or
 * company name and the fiscal address. Without them the invoice is simplified.
 */
export const billingInput = z.object({
  nif: z.string().trim().min(1).max(20),
  name: z.string().trim().max(200),
  address: z.string().trim().max(300),
});
export type BillingInput = z.infer<typeof billingInput>;

/**
 * POST /api/announcement/{id}/payment: the id is made by the client and is the idempotency key. A card
 * provider (sandbox, Stripe) charges `token`; a redirect provider (Redsys) takes `method` and answers
 * the gateway's signed form.
 */
export const createPaymentInput = z.object({
  id: z.uuid(),
  token: z.string().min(1).max(255).optional(),
  method: z.enum(paymentMethods).optional(),
  billing: billingInput.optional(),
});
export type CreatePaymentInput = z.infer<typeof createPaymentInput>;

/** GET /api/announcement/{id}/payment/status. */
export const paymentStatus = z.object({ isPaid: z.boolean(), payment: payment.nullable() });
export type PaymentStatusDto = z.infer<typeof paymentStatus>;

/** POST /api/payment/notifications/stripe: `duplicate` for an event already handled (no effect). */
export const notificationReceipt = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** POST /api/crm/whatsapp/agent/payment-announcement (SPEC 7.1): an agent sends the owner the link. */
export const paymentLinkInput = z.object({ announcementId: z.uuid(), userId: z.uuid() });
export const paymentLinkSent = z.object({ announcementId: z.uuid(), sentTo: z.string(), link: z.string() });
export type PaymentLinkSent = z.infer<typeof paymentLinkSent>;

/**
 * GET /api/announcement/{id}/unlock-price (SPEC 7.3): what unlocking the announcement costs (VAT
 * included, split as on the payment summary) and what it stands to unlock now. While locked, `unlocked`
 * is false and `lockedOffers` counts the offers in course whose amount the owner cannot see yet (visit
 * requests have none); once paid it is 0, with when and whether an agent unlocked it.
 */
export const announcementUnlockPrice = z.object({
  announcementId: z.uuid(),
  unlocked: z.boolean(),
  priceCents: z.number().int(),
  baseCents: z.number().int(),
  vatCents: z.number().int(),
  vatPercent: z.number(),
  currency: z.literal('EUR'),
  lockedOffers: z.number().int(),
  paidAt: z.iso.datetime().nullable(),
  paidByAgent: z.boolean(),
});
export type AnnouncementUnlockPrice = z.infer<typeof announcementUnlockPrice>;

/**
 * One candidate of GET /api/announcement/{id}/tenants, for the announcement's owner: always their
 * display name ("Laura G."), verified badge and what they asked for; their name, surname and phone and
 * the offer's amount only once the announcement is paid (decision 026; a visit request has no amount).
 */
export const announcementTenant = z.object({
  offerId: z.uuid(),
  offerStatusCode: z.string(),
  isVisitRequest: z.boolean(),
  displayName: z.string(),
  isVerified: z.boolean(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  amount: z.number().int().nullable(),
  amountLocked: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type AnnouncementTenant = z.infer<typeof announcementTenant>;

/** GET /api/announcement/{id}/tenants: the candidates with an offer or visit request in course. */
export const announcementTenants = z.object({
  announcementId: z.uuid(),
  unlocked: z.boolean(),
  tenants: z.array(announcementTenant),
});
export type AnnouncementTenants = z.infer<typeof announcementTenants>;

/** POST /api/agents/payment/{id}/refund: why the payment is given back (kept with the refund). */
export const refundInput = z.object({ reason: z.string().trim().max(500) });
export type RefundInput = z.infer<typeof refundInput>;

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;

/** A refund of a payment, as the owner and the agents read it. */
export const refund = z.object({
  id: z.uuid(),
  paymentId: z.uuid(),
  status: z.enum(refundStatuses),
  amountCents: z.number().int(),
  reason: z.string(),
  failureMessage: z.string().nullable(),
  createdAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
});
export type RefundDto = z.infer<typeof refund>;

/** An invoice as the owner reads it (its PDF at `GET /api/invoice/{id}/pdf`). */
export const invoice = z.object({
  id: z.uuid(),
  code: z.string(),
  series: z.enum(['F', 'R']),
  kind: z.enum(invoiceKinds),
  /** Negative on a rectifying invoice. */
  totalCents: z.number().int(),
  baseCents: z.number().int(),
  vatCents: z.number().int(),
  issuedAt: z.iso.datetime(),
  /** The invoice a rectifying invoice corrects. */
  rectifiesCode: z.string().nullable(),
});
export type InvoiceDto = z.infer<typeof invoice>;

/** One payment of GET /api/payments ("Mis pagos"), with its announcement, invoices and refund. */
export const myPayment = z.object({
  payment,
  announcementTitle: z.string().nullable(),
  propertyId: z.uuid(),
  invoices: z.array(invoice),
  refund: refund.nullable(),
});
export type MyPaymentDto = z.infer<typeof myPayment>;
export const myPayments = z.object({ payments: z.array(myPayment) });
export type MyPaymentsDto = z.infer<typeof myPayments>;

/** What an agent's refund answers: the refund and the payment as they stand. */
export const refundResult = z.object({ refund, payment });
export type RefundResultDto = z.infer<typeof refundResult>;

/** GET /api/agents/announcement/{id}/payments: an announcement's payments, for a refund. */
export const announcementPayments = z.object({ payments: z.array(payment) });
export type AnnouncementPaymentsDto = z.infer<typeof announcementPayments>;
