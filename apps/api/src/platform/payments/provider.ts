import type { ErrorCode } from '@casaoferta/domain/errors';

/**
 * A card payment provider (issue 13, docs/decisions/021-payments.md). The browser tokenises the card
 * with the provider; the server only ever sees the provider's token, charges it with our payment id as
 * the idempotency key (a retried charge is the same charge) and reads outcomes back.
 */

export type ProviderName = 'sandbox' | 'stripe' | 'redsys';

/**
 * How a provider takes the payer's money: `card`, a token the browser made charged by the server
 * (sandbox, Stripe); `redirect`, the payer sent to the bank's gateway with a signed form and the outcome
 * told by the gateway's notification (Redsys, card and Bizum; issue 28).
 */
export type PaymentFlow = 'card' | 'redirect';

/** What a redirect provider needs to send the payer to its gateway. */
export interface RedirectRequest {
  /** The order number of this attempt (unique, never reused). */
  order: string;
  amountCents: number;
  method: 'card' | 'bizum';
  description: string;
  /** Where the gateway posts its notification, and where it sends the payer back. */
  notificationUrl: string;
  okUrl: string;
  koUrl: string;
}

/** The form the browser posts to the gateway: signed, no secret in it. */
export interface RedirectForm {
  url: string;
  fields: Record<string, string>;
}

export interface RefundRequest {
  /** Our refund's id: the provider refunds once per key. */
  idempotencyKey: string;
  /** The provider's id of the payment (Stripe's PaymentIntent, Redsys' order). */
  providerPaymentId: string;
  amountCents: number;
  reason: string;
}

export type RefundOutcome =
  | { status: 'succeeded'; providerRefundId: string }
  | { status: 'failed'; message: string; providerCode: string };

/** A failed charge: an `exceptionAttributes` code and the provider's reason in Spanish. */
export interface ChargeFailure {
  code: ErrorCode;
  message: string;
  /** The provider's own reason code, kept in the attempts for support. */
  providerCode: string;
}

export type ChargeOutcome =
  | {
      status: 'in_process';
      providerPaymentId: string;
      /**
       * When the payer must act in the browser (3-D Secure): the secret Stripe.js completes it with.
       * Never stored nor logged: asked again of the provider whenever the owner needs it.
       */
      clientSecret?: string;
    }
  | { status: 'succeeded'; providerPaymentId: string }
  | { status: 'failed'; providerPaymentId: string | null; failure: ChargeFailure };

export type CardDescription = { ok: true; brand: string; last4: string } | { ok: false; message: string };

export interface ChargeRequest {
  /** Our payment id: the provider charges once per key, however many times it is asked. */
  idempotencyKey: string;
  amountCents: number;
  currency: 'EUR';
  token: string;
  description: string;
}

/** A provider's notification, its signature checked: which charge, now in which outcome. */
export interface ProviderEvent {
  eventId: string;
  providerPaymentId: string;
  outcome: ChargeOutcome | null;
  /**
   * What the notification says was charged, in euro cents and currency, when the provider says it
   * (Redsys): it must be the payment's own, or the notification is refused.
   */
  amountCents?: number;
  currency?: string;
}

export class NotificationRefused extends Error {}

export interface PaymentProvider {
  readonly name: ProviderName;
  readonly flow: PaymentFlow;
  /** The gateway's origin the browser posts the redirect form to (Content-Security-Policy form-action). */
  readonly formOrigin: string | null;
  /** Stripe's publishable key for the card form; null for the sandbox. */
  readonly publishableKey: string | null;
  describeToken(token: string): Promise<CardDescription>;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  retrieve(providerPaymentId: string): Promise<ChargeOutcome>;
  /** The verified event of a notification, or throws `NotificationRefused` (forged, stale, unreadable). */
  parseNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent;
  /** The gateway's signed form of a redirect payment (redirect providers only). */
  redirectForm?(request: RedirectRequest): RedirectForm;
  /** Gives a succeeded payment back, whole; a provider fault throws (the refund is then failed). */
  refund(request: RefundRequest): Promise<RefundOutcome>;
}
