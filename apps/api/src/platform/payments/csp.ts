import type { ProviderName } from './provider';

/** Sources a provider's card form adds to the Content-Security-Policy, per directive. */
export interface PaymentCspSources {
  scriptSrc: string[];
  frameSrc: string[];
  connectSrc: string[];
}

/**
 * What the checkout needs beyond 'self' (decision 021). Stripe.js is loaded from js.stripe.com, its
 * Card Element and 3-D Secure challenge are frames of js.stripe.com and hooks.stripe.com, and it talks
 * to api.stripe.com. The sandbox needs nothing: its policy stays 'self' only.
 */
export function paymentCspSources(provider: ProviderName): PaymentCspSources {
  if (provider !== 'stripe') return { scriptSrc: [], frameSrc: [], connectSrc: [] };
  return {
    scriptSrc: ['https://js.stripe.com'],
    frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
    connectSrc: ['https://api.stripe.com'],
  };
}
