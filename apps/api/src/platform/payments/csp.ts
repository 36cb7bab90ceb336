import type { ProviderName } from './provider';

/** Sources a provider's card form adds to the Content-Security-Policy, per directive. */
export interface PaymentCspSources {
  scriptSrc: string[];
  frameSrc: string[];
  connectSrc: string[];
  /** Where a form may be posted besides 'self': a redirect provider's gateway (Redsys). */
  formAction: string[];
}

/**
 * What the checkout needs beyond 'self' (decision 021). Stripe.js is loaded from js.stripe.com, its
 * Card Element and 3-D Secure challenge are frames of js.stripe.com and hooks.stripe.com, and it talks
 * to api.stripe.com. The sandbox needs nothing: its policy stays 'self' only.
 */
export function paymentCspSources(
  provider: ProviderName,
  formOrigin: string | null = null,
): PaymentCspSources {
  if (provider === 'redsys' && formOrigin) {
    // The checkout posts the signed form to the gateway: nothing of Redsys runs on our pages.
    return { scriptSrc: [], frameSrc: [], connectSrc: [], formAction: [formOrigin] };
  }
  if (provider !== 'stripe') return { scriptSrc: [], frameSrc: [], connectSrc: [], formAction: [] };
  return {
    formAction: [],
    scriptSrc: ['https://js.stripe.com'],
    frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
    connectSrc: ['https://api.stripe.com'],
  };
}
