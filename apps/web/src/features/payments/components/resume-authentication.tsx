import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { usePaymentSummary } from '../api';
import { paymentTexts } from '../texts';

const t = paymentTexts.stripe;

/**
 * A payment still waiting for 3-D Secure on the waiting page (the bank's window was left, the page
 * reloaded): Stripe.js is loaded on demand and shows the challenge again. The status polling then
 * reads how it ended from the server.
 */
export function ResumeAuthentication({
  announcementId,
  clientSecret,
  onDone,
}: {
  announcementId: string;
  clientSecret: string;
  onDone: () => void;
}) {
  const summary = usePaymentSummary(announcementId);
  const [working, setWorking] = useState(false);
  const [failed, setFailed] = useState(false);
  const publishableKey = summary.data?.publishableKey ?? null;

  const resume = async () => {
    if (!publishableKey || working) return;
    setWorking(true);
    setFailed(false);
    try {
      // Imported here rather than through ../stripe-js: no chunk shared with the checkout, so the
      // shell's list of lazy routes does not grow (the catalogue's first load is at its budget).
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(publishableKey, { locale: 'es' });
      if (!stripe) throw new Error('Stripe.js unavailable');
      await stripe.handleNextAction({ clientSecret });
      onDone();
    } catch {
      setFailed(true);
    } finally {
      setWorking(false);
    }
  };

  return (
    <div className="stack">
      <p>{t.resumeBody}</p>
      <Button loading={working} disabled={working || !publishableKey} onClick={() => void resume()}>
        {t.resume}
      </Button>
      <p className="field__error pay-card-error" aria-live="polite">
        {failed ? t.loadError : ''}
      </p>
    </div>
  );
}
