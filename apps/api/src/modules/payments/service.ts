import { and, desc, eq, sql } from 'drizzle-orm';
import { announcementKindOfType } from '@casaoferta/domain/announcement-kind';
import { PaymentStatus } from '@casaoferta/domain/codes';
import { errorMessages } from '@casaoferta/domain/errors';
import { PAYMENT_VAT_PERCENT, splitVat, type PaymentPrices } from '@casaoferta/domain/rules/payment';
import { billingIssues, type BillingField } from '@casaoferta/domain/rules/invoice';
import { normalizeSpanishId } from '@casaoferta/domain/rules/spanish-id';
import type {
  BillingInput,
  CreatePaymentInput,
  PaymentDto,
  PaymentNextAction,
  PaymentStatusDto,
  PaymentSummary,
  TokenizedCard,
} from '@casaoferta/domain/schemas/payments';
import type { Db } from '../../db/client';
import {
  announcements,
  paymentAttempts,
  paymentNotifications,
  payments,
  type InvoiceSeller,
} from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import type { ChargeOutcome, PaymentProvider, ProviderEvent } from '../../platform/payments/provider';
import { findOwnAnnouncement } from '../offers/owner-views';
import { notifyUser } from '../offers/notify';
import { issuePaymentInvoice } from './invoices';
import { paymentTexts } from './texts';

/**
 * Payment per announcement (issue 13, docs/decisions/021-payments.md). Every state rule is decided by
 * the database in the statement that writes: the payment's primary key (the client's id, also the
 * provider's idempotency key) makes a repeated request the same payment; the partial unique index of
 * one payment in process or succeeded per announcement makes two payments at once one charge; each
 * outcome is written by an update that only a payment still in process passes, and the announcement
 * is marked paid in that same transaction.
 */

type PaymentRow = typeof payments.$inferSelect;
type AnnouncementRow = typeof announcements.$inferSelect;

export interface PaymentContext {
  db: Db;
  provider: PaymentProvider;
  prices: PaymentPrices;
  /** config.publicOrigin: every link in a message is built from it, never from a request. */
  publicUrl: string;
  /** The seller printed on invoices (config.invoiceSeller). */
  seller: InvoiceSeller;
}

export const paymentDto = (p: PaymentRow, nextAction: PaymentNextAction | null = null): PaymentDto => ({
  id: p.id,
  announcementId: p.announcementId,
  statusCode: p.statusCode as PaymentDto['statusCode'],
  provider: p.provider,
  method: p.method === 'bizum' ? 'bizum' : 'card',
  amountCents: p.amountCents,
  vatCents: p.vatCents,
  currency: p.currency,
  cardBrand: p.cardBrand,
  cardLast4: p.cardLast4,
  failureCode: p.failureCode,
  failureMessage: p.failureMessage,
  createdAt: p.createdAt.toISOString(),
  settledAt: p.settledAt ? p.settledAt.toISOString() : null,
  nextAction,
});

/**
 * What the browser must still do for a payment in process (Stripe's 3-D Secure): the provider's
 * answer of this request, never stored. Nothing once the payment is final.
 */
const nextActionOf = (row: PaymentRow, outcome: ChargeOutcome | null): PaymentNextAction | null =>
  row.statusCode === PaymentStatus.InProcess && outcome?.status === 'in_process' && outcome.clientSecret
    ? { kind: 'stripe_3ds', clientSecret: outcome.clientSecret }
    : null;

/** The price of an announcement of this type, VAT included, split. */
export const priceOf = (prices: PaymentPrices, typeCode: string) =>
  splitVat(prices[announcementKindOfType(typeCode)] * 100);

async function latestPayment(db: Db, announcementId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.announcementId, announcementId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row ?? null;
}

/** GET /api/announcement/{id}/payment. */
export async function paymentSummary(
  ctx: PaymentContext,
  ownerId: string,
  announcementId: string,
): Promise<PaymentSummary> {
  const announcement = await findOwnAnnouncement(ctx.db, ownerId, announcementId);
  const price = priceOf(ctx.prices, announcement.typeCode);
  const latest = await latestPayment(ctx.db, announcementId);
  return {
    announcementId: announcement.id,
    propertyId: announcement.propertyId,
    title: announcement.customTitle,
    kind: announcementKindOfType(announcement.typeCode),
    priceCents: price.totalCents,
    baseCents: price.baseCents,
    vatCents: price.vatCents,
    vatPercent: PAYMENT_VAT_PERCENT,
    currency: 'EUR',
    isPaid: announcement.isPaid,
    paidAt: announcement.paidAt ? announcement.paidAt.toISOString() : null,
    paidByAgent: announcement.paidByAgentId !== null,
    latestPayment: latest ? paymentDto(latest) : null,
    provider: ctx.provider.name,
    publishableKey: ctx.provider.publishableKey,
    methods: ctx.provider.flow === 'redirect' ? ['card', 'bizum'] : ['card'],
  };
}

/** POST /api/payment/tokenize-card: what the provider's token is, or 422 with a Spanish reason. */
export async function describeCard(provider: PaymentProvider, token: string): Promise<TokenizedCard> {
  const card = await provider.describeToken(token);
  if (!card.ok) throw new DomainError('CARD_TOKEN_INVALID');
  return { token, brand: card.brand, last4: card.last4 };
}

async function recordAttempt(
  db: Db,
  paymentId: string,
  kind: 'charge' | 'refresh' | 'notification',
  statusCode: string,
  providerReference: string | null,
  detail: Record<string, unknown> = {},
) {
  await db.insert(paymentAttempts).values({ paymentId, kind, statusCode, providerReference, detail });
}

const statusOfOutcome = (outcome: ChargeOutcome) =>
  outcome.status === 'succeeded'
    ? PaymentStatus.Succeeded
    : outcome.status === 'failed'
      ? PaymentStatus.Failed
      : PaymentStatus.InProcess;

/**
 * Writes a provider's outcome on a payment still in process: the guarded update decides (a payment
 * settled already, by a notification or another tab's status check, is left as it is). A success
 * marks the announcement paid and queues the owner's notice in the same transaction.
 */
export async function applyOutcome(
  ctx: PaymentContext,
  paymentId: string,
  outcome: ChargeOutcome,
  kind: 'charge' | 'refresh' | 'notification',
): Promise<PaymentRow | null> {
  return ctx.db.transaction((tx) => applyOutcomeIn(ctx, tx, paymentId, outcome, kind));
}

/**
 * `applyOutcome` in the caller's transaction (a notification stores its event id in the same one). A
 * success also issues the payment's invoice there (series F, numbered by the counter row of its year):
 * paid, unlocked, invoiced and told, or none of it.
 */
async function applyOutcomeIn(
  ctx: PaymentContext,
  tx: Db,
  paymentId: string,
  outcome: ChargeOutcome,
  kind: 'charge' | 'refresh' | 'notification',
): Promise<PaymentRow | null> {
  const status = statusOfOutcome(outcome);
  {
    await recordAttempt(tx, paymentId, kind, status, outcome.providerPaymentId, {
      status: outcome.status,
      ...(outcome.status === 'failed' ? { reason: outcome.failure.providerCode } : {}),
    });
    const [updated] = await tx
      .update(payments)
      .set({
        statusCode: status,
        ...(outcome.providerPaymentId ? { providerPaymentId: outcome.providerPaymentId } : {}),
        ...(outcome.status === 'failed'
          ? { failureCode: outcome.failure.code, failureMessage: outcome.failure.message }
          : {}),
        ...(status === PaymentStatus.InProcess ? {} : { settledAt: sql`now()` }),
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.id, paymentId), eq(payments.statusCode, PaymentStatus.InProcess)))
      .returning();
    if (!updated) return null;
    if (status === PaymentStatus.Succeeded) {
      const [announcement] = await tx
        .update(announcements)
        .set({ isPaid: true, paidAt: sql`coalesce(${announcements.paidAt}, now())` })
        .where(eq(announcements.id, updated.announcementId))
        .returning();
      if (announcement) {
        await notifyPaid(ctx, tx, announcement);
        await issuePaymentInvoice(tx, ctx, updated, announcement.customTitle ?? paymentTexts.untitled);
      }
    }
    return updated;
  }
}

async function notifyPaid(ctx: PaymentContext, tx: Db, announcement: AnnouncementRow) {
  const title = announcement.customTitle ?? paymentTexts.untitled;
  const link = `${ctx.publicUrl}/property/${announcement.propertyId}/offers`;
  await notifyUser(tx, announcement.ownerId, 'announcements', {
    subject: paymentTexts.paidNotice.subject,
    body: paymentTexts.paidNotice.body(title, link),
  });
}

async function paymentById(db: Db, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

/**
 * How long a redirect payment waits for the gateway's notification before a new attempt may replace
 * it: the payer left the gateway without paying (closed the tab). Redsys' own payment session is far
 * shorter; a notification arriving later still is logged (see `handleNotification`) for an agent.
 */
export const REDIRECT_PAYMENT_EXPIRY_MINUTES = 30;

/**
 * Before a new redirect attempt: the announcement's redirect payment still in process past the expiry
 * is failed as PAYMENT_EXPIRED (guarded update), so an abandoned gateway tab does not block paying.
 */
async function expireAbandoned(ctx: PaymentContext, announcementId: string) {
  await ctx.db
    .update(payments)
    .set({
      statusCode: PaymentStatus.Failed,
      failureCode: 'PAYMENT_EXPIRED',
      failureMessage: errorMessages.PAYMENT_EXPIRED,
      settledAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(payments.announcementId, announcementId),
        eq(payments.provider, ctx.provider.name),
        eq(payments.statusCode, PaymentStatus.InProcess),
        sql`${payments.createdAt} < now() - make_interval(mins => ${REDIRECT_PAYMENT_EXPIRY_MINUTES})`,
      ),
    );
}

const billingErrors = {
  nif: 'NIF_INVALID',
  name: 'BILLING_NAME_REQUIRED',
  address: 'BILLING_ADDRESS_REQUIRED',
} as const satisfies Record<BillingField, string>;

/** The buyer's data of a complete invoice, checked (422 with the field's code), or null. */
function billingOf(input: BillingInput | undefined) {
  if (!input) return null;
  const [issue] = billingIssues(input);
  if (issue) throw new DomainError(billingErrors[issue]);
  return {
    billingNif: normalizeSpanishId(input.nif),
    billingName: input.name,
    billingAddress: input.address,
  };
}

/**
 * The signed form of a redirect payment (Redsys) still in process, built again from the row (it holds
 * no secret; the same order and amount sign the same). The payer comes back to the waiting page, told
 * by `gateway` which way the gateway sent them (it decides nothing: the notification does).
 */
function redirectActionOf(
  ctx: PaymentContext,
  row: PaymentRow,
  propertyId: string,
  title: string,
): PaymentNextAction | null {
  if (row.statusCode !== PaymentStatus.InProcess || !row.providerPaymentId || !ctx.provider.redirectForm)
    return null;
  if (row.provider !== ctx.provider.name) return null;
  const back = `${ctx.publicUrl}/payment-in-process/${row.announcementId}/property/${propertyId}`;
  const form = ctx.provider.redirectForm({
    order: row.providerPaymentId,
    amountCents: row.amountCents,
    method: row.method === 'bizum' ? 'bizum' : 'card',
    description: paymentTexts.description(title),
    notificationUrl: `${ctx.publicUrl}/api/payment/notifications/${ctx.provider.name}`,
    okUrl: `${back}?gateway=ok`,
    koUrl: `${back}?gateway=ko`,
  });
  return { kind: 'redirect', url: form.url, fields: form.fields };
}

/**
 * POST /api/announcement/{id}/payment. Insert first (the primary key and the unique index decide),
 * then charge with our id as the idempotency key, then write the outcome (guarded). The same id again
 * answers that payment as it stands, with no second charge. A redirect provider (Redsys) charges
 * nothing here: the payment is inserted with its order number (from a sequence, unique) and answered
 * with the gateway's signed form; its notification settles it.
 */
export async function createPayment(
  ctx: PaymentContext,
  ownerId: string,
  announcementId: string,
  input: CreatePaymentInput,
): Promise<PaymentDto> {
  const announcement = await findOwnAnnouncement(ctx.db, ownerId, announcementId);
  const existing = await paymentById(ctx.db, input.id);
  if (existing) return sameRequest(ctx, existing, announcementId, ownerId);
  if (announcement.isPaid) throw new DomainError('ALREADY_PAID');
  const method = input.method ?? 'card';
  const redirect = ctx.provider.flow === 'redirect';
  if (method === 'bizum' && !redirect) throw new DomainError('PAYMENT_METHOD_UNAVAILABLE');
  const billing = billingOf(input.billing);
  let card: { brand: string; last4: string } | null = null;
  if (!redirect) {
    const described = input.token ? await ctx.provider.describeToken(input.token) : null;
    if (!described?.ok) throw new DomainError('CARD_TOKEN_INVALID');
    card = described;
  }

  if (redirect) await expireAbandoned(ctx, announcementId);
  const price = priceOf(ctx.prices, announcement.typeCode);
  const [inserted] = await ctx.db
    .insert(payments)
    .values({
      id: input.id,
      announcementId,
      ownerId,
      provider: ctx.provider.name,
      statusCode: PaymentStatus.InProcess,
      amountCents: price.totalCents,
      vatCents: price.vatCents,
      method,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      ...billing,
      // Redsys' Ds_Merchant_Order: twelve digits, one per attempt, never reused.
      ...(redirect ? { providerPaymentId: sql`lpad(nextval('payment_order_seq')::text, 12, '0')` } : {}),
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    // Another request with this id won the insert (answer it), or another payment is live.
    const same = await paymentById(ctx.db, input.id);
    if (same) return sameRequest(ctx, same, announcementId, ownerId);
    const live = await latestPayment(ctx.db, announcementId);
    throw new DomainError(
      live?.statusCode === PaymentStatus.Succeeded ? 'ALREADY_PAID' : 'PAYMENT_IN_PROGRESS',
    );
  }
  const title = announcement.customTitle ?? paymentTexts.untitled;
  if (redirect) {
    await recordAttempt(ctx.db, inserted.id, 'charge', inserted.statusCode, inserted.providerPaymentId, {
      status: 'redirect',
      method,
    });
    return paymentDto(inserted, redirectActionOf(ctx, inserted, announcement.propertyId, title));
  }

  let outcome: ChargeOutcome;
  try {
    outcome = await ctx.provider.charge({
      idempotencyKey: inserted.id,
      amountCents: inserted.amountCents,
      currency: 'EUR',
      token: input.token ?? '',
      description: paymentTexts.description(title),
    });
  } catch (error) {
    // The provider could not be reached or answered a fault: the payment fails, nothing is unlocked,
    // and the owner may retry with a new payment (the provider never charged this idempotency key
    // twice; a charge it did make is reconciled by its notification, which finds no payment in process).
    outcome = {
      status: 'failed',
      providerPaymentId: null,
      failure: {
        code: 'PAYMENT_FAILED',
        message: errorMessages.PAYMENT_FAILED,
        providerCode: error instanceof Error ? error.message.slice(0, 200) : 'error',
      },
    };
  }
  const written = await applyOutcome(ctx, inserted.id, outcome, 'charge');
  const current = written ?? (await paymentById(ctx.db, inserted.id)) ?? inserted;
  return paymentDto(current, nextActionOf(current, outcome));
}

/** The same payment asked for again (a double click, a retry): as it stands, refreshed while in process. */
async function sameRequest(
  ctx: PaymentContext,
  existing: PaymentRow,
  announcementId: string,
  ownerId: string,
): Promise<PaymentDto> {
  if (existing.announcementId !== announcementId || existing.ownerId !== ownerId) {
    throw new DomainError('PAYMENT_ID_REUSED');
  }
  const { row, nextAction } = await refresh(ctx, existing);
  if (nextAction || row.statusCode !== PaymentStatus.InProcess || ctx.provider.flow !== 'redirect')
    return paymentDto(row, nextAction);
  const announcement = await findOwnAnnouncement(ctx.db, ownerId, announcementId);
  const title = announcement.customTitle ?? paymentTexts.untitled;
  return paymentDto(row, redirectActionOf(ctx, row, announcement.propertyId, title));
}

/**
 * Asks the provider how an in-process payment stands and writes its answer (guarded). A payment that
 * still waits for the payer (3-D Secure) comes back with what the browser needs, asked of the provider
 * now rather than stored (decision 021).
 */
async function refresh(
  ctx: PaymentContext,
  row: PaymentRow,
): Promise<{ row: PaymentRow; nextAction: PaymentNextAction | null }> {
  const unchanged = { row, nextAction: null };
  if (row.statusCode !== PaymentStatus.InProcess || !row.providerPaymentId) return unchanged;
  if (row.provider !== ctx.provider.name) return unchanged;
  let outcome: ChargeOutcome;
  try {
    outcome = await ctx.provider.retrieve(row.providerPaymentId);
  } catch {
    return unchanged;
  }
  if (outcome.status === 'in_process') return { row, nextAction: nextActionOf(row, outcome) };
  await applyOutcome(ctx, row.id, outcome, 'refresh');
  return { row: (await paymentById(ctx.db, row.id)) ?? row, nextAction: null };
}

/** GET /api/announcement/{id}/payment/status: the latest payment, refreshed while in process. */
export async function paymentStatusOf(
  ctx: PaymentContext,
  ownerId: string,
  announcementId: string,
): Promise<PaymentStatusDto> {
  await findOwnAnnouncement(ctx.db, ownerId, announcementId);
  const latest = await latestPayment(ctx.db, announcementId);
  const current = latest ? await refresh(ctx, latest) : null;
  const [announcement] = await ctx.db
    .select({ isPaid: announcements.isPaid })
    .from(announcements)
    .where(eq(announcements.id, announcementId));
  return {
    isPaid: announcement?.isPaid ?? false,
    payment: current ? paymentDto(current.row, current.nextAction) : null,
  };
}

/** GET /api/announcement/{id}/payment/{paymentId}: one payment of the caller's announcement, refreshed. */
export async function onePayment(
  ctx: PaymentContext,
  ownerId: string,
  announcementId: string,
  paymentId: string,
): Promise<PaymentDto> {
  await findOwnAnnouncement(ctx.db, ownerId, announcementId);
  const row = await paymentById(ctx.db, paymentId);
  if (!row || row.announcementId !== announcementId) throw new DomainError('NOT_FOUND');
  const current = await refresh(ctx, row);
  return paymentDto(current.row, current.nextAction);
}

/** What a verified notification did: applied, a replay of one already handled, or refused. */
export type NotificationResult =
  | { kind: 'applied'; paymentId: string | null }
  /** An authorised payment on an attempt already expired: money taken, nothing unlocked; for an agent. */
  | { kind: 'late'; paymentId: string }
  | { kind: 'duplicate'; paymentId: string | null }
  | { kind: 'refused'; reason: 'amount_mismatch' | 'currency_mismatch'; paymentId: string };

/**
 * A verified provider notification. Its event id is stored (primary key) in the transaction that
 * applies it: a replay, or the provider's retries of a delivery, finds it there and has no effect,
 * however many arrive at once; a failure before the commit stores neither, so the provider's next
 * delivery applies it. A notification whose amount or currency is not the payment's (Redsys says
 * them) is refused before anything is stored.
 */
export async function handleNotification(
  ctx: PaymentContext,
  event: ProviderEvent,
): Promise<NotificationResult> {
  const [row] = event.providerPaymentId
    ? await ctx.db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.provider, ctx.provider.name),
            eq(payments.providerPaymentId, event.providerPaymentId),
          ),
        )
    : [];
  if (row && event.outcome && event.amountCents !== undefined && event.amountCents !== row.amountCents)
    return { kind: 'refused', reason: 'amount_mismatch', paymentId: row.id };
  if (row && event.outcome && event.currency !== undefined && event.currency !== '978')
    return { kind: 'refused', reason: 'currency_mismatch', paymentId: row.id };
  return ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentNotifications)
      .values({ provider: ctx.provider.name, eventId: event.eventId, paymentId: row?.id ?? null })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return { kind: 'duplicate', paymentId: row?.id ?? null };
    if (row && event.outcome && event.outcome.status !== 'in_process') {
      const written = await applyOutcomeIn(ctx, tx, row.id, event.outcome, 'notification');
      if (!written && event.outcome.status === 'succeeded' && row.failureCode === 'PAYMENT_EXPIRED')
        return { kind: 'late', paymentId: row.id };
    }
    return { kind: 'applied', paymentId: row?.id ?? null };
  });
}
