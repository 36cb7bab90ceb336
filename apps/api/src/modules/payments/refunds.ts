import { and, eq, sql } from 'drizzle-orm';
import { PaymentStatus } from '@casaoferta/domain/codes';
import type { RefundDto, RefundResultDto } from '@casaoferta/domain/schemas/payments';
import { announcements, paymentAttempts, paymentRefunds, payments } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import type { RefundOutcome } from '../../platform/payments/provider';
import { notifyUser } from '../offers/notify';
import { issueRectifyingInvoice } from './invoices';
import { paymentDto, type PaymentContext } from './service';
import { paymentTexts, refundTexts } from './texts';

/**
 * Refunds (issue 28, decision 033): an agent with `payments.refund` gives a succeeded payment back,
 * whole, through its provider, with a reason. The refund row is inserted first: the partial unique
 * index (one pending or succeeded refund per payment) makes two agents at once one refund, and only
 * the winner asks the provider, with the refund's id as idempotency key. Its success is written in one
 * transaction: the payment PAY002 → PAY004 by a guarded update, the announcement locked again
 * (`is_paid = false`: the paid unlock of decision 026 follows), the rectifying invoice, the owner told.
 * A provider refusal or fault marks the refund failed, and another may be tried.
 */

type RefundRow = typeof paymentRefunds.$inferSelect;

export const refundDto = (r: RefundRow): RefundDto => ({
  id: r.id,
  paymentId: r.paymentId,
  status: r.status === 'succeeded' ? 'succeeded' : r.status === 'failed' ? 'failed' : 'pending',
  amountCents: r.amountCents,
  reason: r.reason,
  failureMessage: r.failureMessage,
  createdAt: r.createdAt.toISOString(),
  settledAt: r.settledAt ? r.settledAt.toISOString() : null,
});

export const REFUND_REASON_MIN = 5;

export async function refundPayment(
  ctx: PaymentContext,
  agentId: string,
  paymentId: string,
  reasonText: string,
): Promise<RefundResultDto> {
  const reason = reasonText.trim();
  if (reason.length < REFUND_REASON_MIN) throw new DomainError('REFUND_REASON_REQUIRED');
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new DomainError('NOT_FOUND');
  if (payment.statusCode !== PaymentStatus.Succeeded || !payment.providerPaymentId)
    throw new DomainError('PAYMENT_NOT_REFUNDABLE');
  if (payment.provider !== ctx.provider.name) throw new DomainError('PAYMENT_METHOD_UNAVAILABLE');

  // Only a succeeded payment gets a refund row, and one live refund per payment (the unique index).
  const inserted = (await ctx.db.execute(sql`
    insert into ${paymentRefunds} (payment_id, agent_id, reason, amount_cents)
    select p.id, ${agentId}::uuid, ${reason}::text, p.amount_cents
    from ${payments} p
    where p.id = ${payment.id}::uuid and p.status_code = ${PaymentStatus.Succeeded}::text
    on conflict do nothing
    returning id`)) as unknown as { rows: { id: string }[] };
  const refundId = inserted.rows[0]?.id;
  if (!refundId) {
    const [live] = await ctx.db
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, payment.id), eq(paymentRefunds.status, 'pending')));
    throw new DomainError(live ? 'REFUND_IN_PROGRESS' : 'PAYMENT_NOT_REFUNDABLE');
  }

  let outcome: RefundOutcome;
  try {
    outcome = await ctx.provider.refund({
      idempotencyKey: refundId,
      providerPaymentId: payment.providerPaymentId,
      amountCents: payment.amountCents,
      reason,
    });
  } catch (error) {
    outcome = {
      status: 'failed',
      message: paymentTexts.refundUnreachable,
      providerCode: error instanceof Error ? error.message.slice(0, 200) : 'error',
    };
  }

  const done = await ctx.db.transaction(async (tx) => {
    await tx.insert(paymentAttempts).values({
      paymentId: payment.id,
      kind: 'refund',
      statusCode: outcome.status === 'succeeded' ? PaymentStatus.Refunded : payment.statusCode,
      providerReference: outcome.status === 'succeeded' ? outcome.providerRefundId : null,
      detail: {
        refundId,
        status: outcome.status,
        ...(outcome.status === 'failed' ? { reason: outcome.providerCode } : {}),
      },
    });
    if (outcome.status === 'failed') {
      const [failed] = await tx
        .update(paymentRefunds)
        .set({ status: 'failed', failureMessage: outcome.message, settledAt: sql`now()` })
        .where(eq(paymentRefunds.id, refundId))
        .returning();
      return { refund: failed, refunded: false };
    }
    const [refunded] = await tx
      .update(payments)
      .set({ statusCode: PaymentStatus.Refunded, updatedAt: sql`now()` })
      .where(and(eq(payments.id, payment.id), eq(payments.statusCode, PaymentStatus.Succeeded)))
      .returning();
    const [settled] = await tx
      .update(paymentRefunds)
      .set({ status: 'succeeded', providerRefundId: outcome.providerRefundId, settledAt: sql`now()` })
      .where(eq(paymentRefunds.id, refundId))
      .returning();
    if (!refunded) return { refund: settled, refunded: false };
    // The paid unlock follows the money: locked again (unless an agent's manual mark holds it).
    const [announcement] = await tx
      .update(announcements)
      .set({ isPaid: false, paidAt: null })
      .where(and(eq(announcements.id, payment.announcementId), sql`${announcements.paidByAgentId} is null`))
      .returning();
    const title =
      announcement?.customTitle ??
      (
        await tx
          .select({ title: announcements.customTitle })
          .from(announcements)
          .where(eq(announcements.id, payment.announcementId))
      )[0]?.title ??
      paymentTexts.untitled;
    await issueRectifyingInvoice(tx, ctx, payment.id, refundId, title);
    await notifyUser(tx, payment.ownerId, 'announcements', {
      subject: refundTexts.notice.subject,
      body: refundTexts.notice.body(title, reason, `${ctx.publicUrl}/my-payments`),
    });
    return { refund: settled, refunded: true };
  });
  if (!done.refund) throw new Error('refund row vanished');
  if (!done.refunded && outcome.status === 'failed') throw new DomainError('REFUND_FAILED');
  const [current] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id));
  return { refund: refundDto(done.refund), payment: paymentDto(current ?? payment) };
}
