import { z } from 'zod';
import { PaymentStatus } from '../codes';
import { announcementKinds } from '../announcement-kind';

/** Payment per announcement (issue 13; SPEC 7.3 payment/status, 7.8 tokenize-card). */

/**
 * What the browser must do to finish a payment in process: Stripe's 3-D Secure, completed by Stripe.js
 * (`handleNextAction`) with the PaymentIntent's client secret. Only to the payment's owner, only while
 * the payment is in process (PAY001).
 */
export const paymentNextAction = z.object({ kind: z.literal('stripe_3ds'), clientSecret: z.string() });
export type PaymentNextAction = z.infer<typeof paymentNextAction>;

/** A payment as the owner reads it. Amounts in euro cents. */
export const payment = z.object({
  id: z.uuid(),
  announcementId: z.uuid(),
  statusCode: z.enum(PaymentStatus),
  provider: z.string(),
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
  provider: z.enum(['sandbox', 'stripe']),
  /** Stripe's publishable key, for the card form; null with the sandbox. */
  publishableKey: z.string().nullable(),
});
export type PaymentSummary = z.infer<typeof paymentSummary>;

/** POST /api/payment/tokenize-card: only the provider's token of the card, never its number. */
export const tokenizeCardInput = z.object({ token: z.string().min(1).max(255) });
export const tokenizedCard = z.object({ token: z.string(), brand: z.string(), last4: z.string() });
export type TokenizedCard = z.infer<typeof tokenizedCard>;

/** POST /api/announcement/{id}/payment: the id is made by the client and is the idempotency key. */
export const createPaymentInput = z.object({ id: z.uuid(), token: z.string().min(1).max(255) });
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
