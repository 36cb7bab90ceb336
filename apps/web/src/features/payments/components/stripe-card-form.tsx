import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { paymentTexts } from '../texts';

const t = paymentTexts.checkout;
const s = paymentTexts.stripe;

/** The Card Element's text, inside Stripe's iframe (our CSS cannot reach it): 16 px, no zoom on iOS. */
const cardStyle = {
  base: { fontSize: '16px', color: '#1f2933', '::placeholder': { color: '#6b7280' } },
  invalid: { color: '#b42318', iconColor: '#b42318' },
};

/**
 * Stripe's card form: the number, expiry and CVC are typed into Stripe's Card Element (its iframes),
 * so the card never touches this page's code. On submit Stripe.js creates a PaymentMethod and only
 * its `pm_…` id is handed on. Stripe's own (Spanish) error texts are read out in a live region.
 */
export function StripeCardForm({
  stripe,
  amount,
  busy,
  testMode,
  onToken,
}: {
  stripe: Stripe;
  amount: string;
  busy: boolean;
  /** A `pk_test_` key: Stripe's test cards are listed. */
  testMode: boolean;
  onToken: (paymentMethodId: string) => void;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const creatingRef = useRef(false);
  const [card, setCard] = useState<StripeCardElement | null>(null);
  const [holder, setHolder] = useState('');
  const [holderError, setHolderError] = useState<string>();
  const [cardError, setCardError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    const node = mountRef.current;
    if (!node) return;
    const element = stripe
      .elements({ locale: 'es' })
      .create('card', { hidePostalCode: true, style: cardStyle });
    element.on('ready', () => setCard(element));
    element.on('change', (event) => setCardError(event.error?.message ?? null));
    element.mount(node);
    return () => {
      element.destroy();
    };
  }, [stripe]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || creatingRef.current || !card) return;
    const name = holder.trim();
    if (name.length < 3) {
      setHolderError(t.errors.holder);
      document.getElementById('pay-holder')?.focus();
      return;
    }
    setHolderError(undefined);
    creatingRef.current = true;
    setCreating(true);
    try {
      const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name } });
      if (result.error) {
        setCardError(result.error.message ?? s.genericError);
        card.focus();
        return;
      }
      setCardError(null);
      onToken(result.paymentMethod.id);
    } catch {
      setCardError(s.genericError);
    } finally {
      creatingRef.current = false;
      setCreating(false);
    }
  };

  const working = busy || creating;
  return (
    <form className="stack" noValidate onSubmit={(event) => void submit(event)} aria-label={t.heading}>
      <TextField
        id="pay-holder"
        label={t.holder}
        autoComplete="cc-name"
        value={holder}
        onChange={(event) => setHolder(event.target.value)}
        error={holderError}
        required
      />
      <div className="field">
        <span className="field__label" id="pay-card-label">
          {s.cardLabel}
        </span>
        <div
          ref={mountRef}
          className="input pay-stripe-card"
          role="group"
          aria-labelledby="pay-card-label"
          aria-describedby="pay-card-error"
          data-testid="stripe-card"
        />
        {!card && <span className="field__hint">{s.loadingCard}</span>}
        <p id="pay-card-error" className="field__error pay-card-error" aria-live="polite">
          {cardError}
        </p>
      </div>
      {testMode && (
        <details className="pay-test-cards">
          <summary>{t.testCards}</summary>
          <p className="muted">{s.testCardsHelp}</p>
          <ul>
            {s.testCards.map((test) => (
              <li key={test.number}>
                <code>{test.number}</code>: {test.description}
              </li>
            ))}
          </ul>
        </details>
      )}
      <p className="muted">{s.secure}</p>
      <Button type="submit" size="lg" block loading={working} disabled={working || !card}>
        {working ? t.sending : t.submit(amount)}
      </Button>
    </form>
  );
}
