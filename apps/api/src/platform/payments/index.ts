import type { Config } from '../../config';
import type { PaymentProvider } from './provider';
import { SandboxProvider } from './sandbox';
import { StripeProvider } from './stripe';

export type { PaymentProvider } from './provider';

/** The provider PAYMENT_PROVIDER names (config.ts refuses stripe without its keys). */
export function createPaymentProvider(
  config: Pick<
    Config,
    'PAYMENT_PROVIDER' | 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET'
  >,
): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey } = config;
    const webhookSecret = config.STRIPE_WEBHOOK_SECRET;
    if (!secretKey || !publishableKey || !webhookSecret) throw new Error('Stripe keys missing');
    return new StripeProvider({ secretKey, publishableKey, webhookSecret });
  }
  return new SandboxProvider();
}
