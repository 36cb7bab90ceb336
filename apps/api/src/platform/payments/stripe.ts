import Stripe from 'stripe';
import { errorMessages, type ErrorCode } from '@casaoferta/domain/errors';
import {
  NotificationRefused,
  type CardDescription,
  type ChargeFailure,
  type ChargeOutcome,
  type ChargeRequest,
  type PaymentProvider,
  type ProviderEvent,
  type RefundOutcome,
  type RefundRequest,
} from './provider';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** A local fake Stripe for tests: `{ host: '127.0.0.1', port, protocol: 'http' }`. */
  endpoint?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Seconds a notification's signed timestamp may be old (Stripe's default): older is a replay. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe's decline codes the owner reads in Spanish; any other is a generic decline. */
const declineCodes: Record<string, ErrorCode> = {
  insufficient_funds: 'CARD_INSUFFICIENT_FUNDS',
  expired_card: 'CARD_EXPIRED',
  incorrect_cvc: 'CARD_CVC_INCORRECT',
  authentication_required: 'CARD_AUTHENTICATION_FAILED',
  payment_intent_authentication_failure: 'CARD_AUTHENTICATION_FAILED',
  processing_error: 'PAYMENT_FAILED',
};

export function stripeFailure(providerCode: string | null | undefined): ChargeFailure {
  const reason = providerCode ?? 'card_declined';
  const code = declineCodes[reason] ?? 'CARD_DECLINED';
  return { code, message: errorMessages[code], providerCode: reason };
}

/** A PaymentIntent's state as one of our outcomes. */
export function outcomeOfIntent(intent: Stripe.PaymentIntent): ChargeOutcome {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', providerPaymentId: intent.id };
    case 'canceled':
    case 'requires_payment_method': {
      const error = intent.last_payment_error;
      return {
        status: 'failed',
        providerPaymentId: intent.id,
        failure: stripeFailure(
          error?.decline_code ?? error?.code ?? (intent.status === 'canceled' ? 'canceled' : null),
        ),
      };
    }
    case 'requires_action':
      // 3-D Secure: the browser completes it with Stripe.js (`handleNextAction`) and this secret.
      return intent.client_secret
        ? { status: 'in_process', providerPaymentId: intent.id, clientSecret: intent.client_secret }
        : { status: 'in_process', providerPaymentId: intent.id };
    default:
      // processing, requires_confirmation, requires_capture.
      return { status: 'in_process', providerPaymentId: intent.id };
  }
}

const header = (headers: Record<string, string | string[] | undefined>, name: string): string | null => {
  const value = headers[name];
  return typeof value === 'string' ? value : null;
};

/**
 * Stripe with its official library: a PaymentIntent created and confirmed server-side with our payment
 * id as its idempotency key, on the PaymentMethod the browser created with Stripe.js (the card never
 * reaches us); webhooks verified with the endpoint's signing secret.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly flow = 'card' as const;
  readonly formOrigin = null;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    this.webhookSecret = settings.webhookSecret;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(settings.endpoint ?? {}),
    });
  }

  async describeToken(token: string): Promise<CardDescription> {
    if (!/^pm_\w+$/.test(token)) return { ok: false, message: errorMessages.CARD_TOKEN_INVALID };
    try {
      const method = await this.stripe.paymentMethods.retrieve(token);
      if (!method.card) return { ok: false, message: errorMessages.CARD_TOKEN_INVALID };
      return { ok: true, brand: method.card.brand, last4: method.card.last4 };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        return { ok: false, message: errorMessages.CARD_TOKEN_INVALID };
      throw error;
    }
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          payment_method: request.token,
          confirm: true,
          description: request.description,
          metadata: { paymentId: request.idempotencyKey },
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return outcomeOfIntent(intent);
    } catch (error) {
      // A declined card is an error with the PaymentIntent attached: a failed charge, not a fault.
      if (error instanceof Stripe.errors.StripeCardError) {
        const intentId = (error.raw as { payment_intent?: { id?: string } }).payment_intent?.id ?? null;
        return {
          status: 'failed',
          providerPaymentId: intentId,
          failure: stripeFailure(error.decline_code ?? error.code),
        };
      }
      throw error;
    }
  }

  async retrieve(providerPaymentId: string): Promise<ChargeOutcome> {
    return outcomeOfIntent(await this.stripe.paymentIntents.retrieve(providerPaymentId));
  }

  /** A whole refund of the PaymentIntent, our refund's id as idempotency key (issue 28). */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: request.providerPaymentId,
          amount: request.amountCents,
          reason: 'requested_by_customer',
          metadata: { refundId: request.idempotencyKey, reason: request.reason.slice(0, 450) },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (refund.status === 'failed' || refund.status === 'canceled') {
        return { status: 'failed', message: errorMessages.REFUND_FAILED, providerCode: refund.status };
      }
      return { status: 'succeeded', providerRefundId: refund.id };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        return {
          status: 'failed',
          message: errorMessages.REFUND_FAILED,
          providerCode: error.code ?? 'invalid',
        };
      }
      throw error;
    }
  }

  parseNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent {
    const signature = header(headers, 'stripe-signature');
    if (!signature) throw new NotificationRefused('no Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.webhookSecret,
        STRIPE_WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      throw new NotificationRefused(error instanceof Error ? error.message : 'invalid signature');
    }
    const object = event.data.object as { object?: string; id?: string };
    if (object.object !== 'payment_intent' || typeof object.id !== 'string') {
      return { eventId: event.id, providerPaymentId: '', outcome: null };
    }
    const intent = event.data.object as Stripe.PaymentIntent;
    return { eventId: event.id, providerPaymentId: intent.id, outcome: outcomeOfIntent(intent) };
  }
}
