import { useEffect, useState } from 'react';
import type { Stripe } from '@stripe/stripe-js';

/**
 * Stripe.js, loaded only here: the checkout with `provider === 'stripe'` imports `@stripe/stripe-js`
 * on demand (its own chunk, never the shell's), which adds Stripe's script from js.stripe.com (allowed
 * by the CSP only when the provider is stripe, decision 021).
 */
export const loadStripeJs = async (publishableKey: string): Promise<Stripe | null> => {
  const { loadStripe } = await import('@stripe/stripe-js');
  return loadStripe(publishableKey, { locale: 'es' });
};

export type StripeJsState =
  { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed'; retry: () => void };

/** Stripe.js for this publishable key: loading, ready, or failed (the script could not be loaded). */
export function useStripeJs(publishableKey: string): StripeJsState {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; attempt: number; stripe: Stripe | null } | null>(null);

  useEffect(() => {
    let live = true;
    const settle = (stripe: Stripe | null) => {
      if (live) setLoaded({ key: publishableKey, attempt, stripe });
    };
    loadStripeJs(publishableKey).then(settle, () => settle(null));
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);

  if (!loaded || loaded.key !== publishableKey || loaded.attempt !== attempt) return { status: 'loading' };
  if (!loaded.stripe) return { status: 'failed', retry: () => setAttempt((n) => n + 1) };
  return { status: 'ready', stripe: loaded.stripe };
}
