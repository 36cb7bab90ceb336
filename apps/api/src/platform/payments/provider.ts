import type { ErrorCode } from '@casaoferta/domain/errors';

/**
 * A card payment provider (issue 13, docs/decisions/021-payments.md). The browser tokenises the card
 * with the provider; the server only ever sees the provider's token, charges it with our payment id as
 * the idempotency key (a retried charge is the same charge) and reads outcomes back.
 */

export type ProviderName = 'sandbox' | 'stripe';

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
}

export class NotificationRefused extends Error {}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Stripe's publishable key for the card form; null for the sandbox. */
  readonly publishableKey: string | null;
  describeToken(token: string): Promise<CardDescription>;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  retrieve(providerPaymentId: string): Promise<ChargeOutcome>;
  /** The verified event of a notification, or throws `NotificationRefused` (forged, stale, unreadable). */
  parseNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent;
}
