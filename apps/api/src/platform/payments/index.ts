import type { Config } from '../../config';
import type { PaymentProvider } from './provider';
import { RedsysProvider } from './redsys';
import { redsysKeyBytes } from './redsys-signature';
import { SandboxProvider } from './sandbox';

export type { PaymentProvider } from './provider';

/**
 * The provider PAYMENT_PROVIDER names (config.ts refuses stripe or redsys without their settings). Stripe's
 * library is loaded only when it is the one configured (decision 036).
 */
export async function createPaymentProvider(
  config: Pick<
    Config,
    | 'PAYMENT_PROVIDER'
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_PUBLISHABLE_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'REDSYS_MERCHANT_CODE'
    | 'REDSYS_TERMINAL'
    | 'REDSYS_SECRET_KEY'
    | 'REDSYS_GATEWAY_URL'
    | 'REDSYS_MERCHANT_NAME'
  >,
): Promise<PaymentProvider> {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey } = config;
    const webhookSecret = config.STRIPE_WEBHOOK_SECRET;
    if (!secretKey || !publishableKey || !webhookSecret) throw new Error('Stripe keys missing');
    const { StripeProvider } = await import('./stripe');
    return new StripeProvider({ secretKey, publishableKey, webhookSecret });
  }
  if (config.PAYMENT_PROVIDER === 'redsys') {
    const key = redsysKeyBytes(config.REDSYS_SECRET_KEY ?? '');
    const merchantCode = config.REDSYS_MERCHANT_CODE;
    if (!key || !merchantCode) throw new Error('Redsys settings missing');
    return new RedsysProvider({
      merchantCode,
      terminal: config.REDSYS_TERMINAL,
      key,
      gatewayUrl: config.REDSYS_GATEWAY_URL,
      merchantName: config.REDSYS_MERCHANT_NAME,
    });
  }
  return new SandboxProvider();
}
