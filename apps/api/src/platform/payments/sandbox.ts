import { errorMessages } from '@casaoferta/domain/errors';
import { SANDBOX_SETTLE_SECONDS, sandboxCardOfToken } from '@casaoferta/domain/rules/payment';
import {
  NotificationRefused,
  type CardDescription,
  type ChargeOutcome,
  type ChargeRequest,
  type PaymentProvider,
  type RefundOutcome,
  type RefundRequest,
} from './provider';

/**
 * The built-in sandbox provider: deterministic, no network, no money. Its tokens are made in the
 * browser from the documented test cards (`tokenizeSandboxCard` in @casaoferta/domain); each card's
 * outcome is fixed. The in-process card settles (approved) once SANDBOX_SETTLE_SECONDS have passed,
 * read on `retrieve` (the status endpoint asks): its provider id carries the time it was charged, so a
 * restarted server still settles it. `clock` is injectable for tests; `charges` counts distinct charges
 * (one per idempotency key), which is what a customer would see on their statement.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly flow = 'card' as const;
  readonly formOrigin = null;
  readonly publishableKey = null;
  private readonly byKey = new Map<string, ChargeOutcome>();
  private readonly refunds = new Map<string, RefundOutcome>();

  /** Distinct refunds made (one per idempotency key). */
  get refundCount(): number {
    return this.refunds.size;
  }

  constructor(private readonly clock: () => number = Date.now) {}

  get charges(): number {
    return this.byKey.size;
  }

  describeToken(token: string): Promise<CardDescription> {
    const card = sandboxCardOfToken(token);
    return Promise.resolve(
      card
        ? { ok: true, brand: 'visa', last4: card.number.slice(-4) }
        : { ok: false, message: errorMessages.CARD_TOKEN_INVALID },
    );
  }

  charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const previous = this.byKey.get(request.idempotencyKey);
    if (previous) return Promise.resolve(previous);
    const card = sandboxCardOfToken(request.token);
    const id = `sbx_${card?.outcome ?? 'invalid'}_${this.clock()}_${request.idempotencyKey}`;
    const outcome = outcomeOf(id, this.clock());
    this.byKey.set(request.idempotencyKey, outcome);
    return Promise.resolve(outcome);
  }

  retrieve(providerPaymentId: string): Promise<ChargeOutcome> {
    return Promise.resolve(outcomeOf(providerPaymentId, this.clock()));
  }

  /** A succeeded sandbox payment is given back (nothing was charged); once per key. */
  refund(request: RefundRequest): Promise<RefundOutcome> {
    const previous = this.refunds.get(request.idempotencyKey);
    if (previous) return Promise.resolve(previous);
    const outcome: RefundOutcome =
      outcomeOf(request.providerPaymentId, this.clock()).status === 'succeeded'
        ? { status: 'succeeded', providerRefundId: `sbx_refund_${request.idempotencyKey}` }
        : { status: 'failed', message: 'El pago no está cobrado.', providerCode: 'not_charged' };
    this.refunds.set(request.idempotencyKey, outcome);
    return Promise.resolve(outcome);
  }

  parseNotification(): never {
    throw new NotificationRefused('the sandbox sends no notifications');
  }
}

const ID = /^sbx_(approve|decline|pending|authfail|invalid)_(\d+)_/;

function outcomeOf(providerPaymentId: string, now: number): ChargeOutcome {
  const match = ID.exec(providerPaymentId);
  const kind = match?.[1] ?? 'invalid';
  const chargedAt = Number(match?.[2] ?? 0);
  switch (kind) {
    case 'approve':
      return { status: 'succeeded', providerPaymentId };
    case 'pending':
      return now - chargedAt >= SANDBOX_SETTLE_SECONDS * 1000
        ? { status: 'succeeded', providerPaymentId }
        : { status: 'in_process', providerPaymentId };
    case 'decline':
      return {
        status: 'failed',
        providerPaymentId,
        failure: {
          code: 'CARD_DECLINED',
          message: errorMessages.CARD_DECLINED,
          providerCode: 'card_declined',
        },
      };
    case 'authfail':
      return {
        status: 'failed',
        providerPaymentId,
        failure: {
          code: 'CARD_AUTHENTICATION_FAILED',
          message: errorMessages.CARD_AUTHENTICATION_FAILED,
          providerCode: 'authentication_failed',
        },
      };
    default:
      return {
        status: 'failed',
        providerPaymentId,
        failure: {
          code: 'CARD_TOKEN_INVALID',
          message: errorMessages.CARD_TOKEN_INVALID,
          providerCode: 'invalid_token',
        },
      };
  }
}
