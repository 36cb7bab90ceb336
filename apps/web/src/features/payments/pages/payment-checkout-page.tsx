import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { Stripe } from '@stripe/stripe-js';
import type { PaymentDto } from '@casaoferta/domain/schemas/payments';
import { ApiError } from '../../../shared/api/api-error';
import { newId } from '../../../shared/new-id';
import { paths } from '../../../shared/paths';
import { Button } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import type { PaymentMethod } from '@casaoferta/domain/schemas/payments';
import { formatCents, postToGateway, usePay, usePayAtGateway, usePaymentSummary } from '../api';
import {
  BillingFields,
  checkBilling,
  emptyBilling,
  type BillingErrors,
  type BillingState,
} from '../components/billing-fields';
import { CardForm } from '../components/card-form';
import { PaymentFrame } from '../components/payment-frame';
import { StripeCardForm } from '../components/stripe-card-form';
import { useStripeJs } from '../stripe-js';
import { paymentTexts } from '../texts';

const t = paymentTexts.checkout;

/** Stripe.js loaded for the summary's publishable key, then Stripe's card form. */
function StripeCheckout({
  publishableKey,
  amount,
  busy,
  onToken,
}: {
  publishableKey: string;
  amount: string;
  busy: boolean;
  onToken: (token: string, stripe: Stripe) => void;
}) {
  const stripeJs = useStripeJs(publishableKey);
  if (stripeJs.status === 'loading') return <Spinner block />;
  if (stripeJs.status === 'failed') {
    return (
      <div className="alert stack" role="alert">
        <p>
          <strong>{paymentTexts.stripe.loadError}</strong>
        </p>
        <p>{paymentTexts.stripe.loadErrorBody}</p>
        <Button variant="secondary" onClick={stripeJs.retry}>
          {paymentTexts.stripe.retry}
        </Button>
      </div>
    );
  }
  const { stripe } = stripeJs;
  return (
    <StripeCardForm
      stripe={stripe}
      amount={amount}
      busy={busy}
      testMode={publishableKey.startsWith('pk_test_')}
      onToken={(token) => onToken(token, stripe)}
    />
  );
}

function Checkout({ announcementId, propertyId }: { announcementId: string; propertyId: string }) {
  const summary = usePaymentSummary(announcementId);
  const pay = usePay(announcementId);
  const payAtGateway = usePayAtGateway(announcementId);
  const navigate = useNavigate();
  // One id per attempt, kept while on this page: a second click or a retried request is this payment.
  const [attemptId] = useState(newId);
  const [authenticating, setAuthenticating] = useState(false);
  const [billing, setBilling] = useState<BillingState>(emptyBilling);
  const [billingErrors, setBillingErrors] = useState<BillingErrors>({});

  if (summary.isPending) return <Spinner block />;
  if (summary.isError) {
    return (
      <ErrorState
        title={paymentTexts.loadErrorTitle}
        headingLevel={1}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  const s = summary.data;
  if (s.isPaid) return <Navigate to={paths.paymentSummary(announcementId, propertyId)} replace />;
  const amount = formatCents(s.priceCents);
  const busy =
    pay.isPending || pay.isSuccess || authenticating || payAtGateway.isPending || payAtGateway.isSuccess;
  const onPayError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'PAYMENT_IN_PROGRESS')
      void navigate(paths.paymentInProcess(announcementId, propertyId), { replace: true });
    if (error instanceof ApiError && error.code === 'ALREADY_PAID')
      void navigate(paths.paymentSummary(announcementId, propertyId), { replace: true });
  };
  /** The buyer's data when they asked for a complete invoice, checked; null (errors shown) when wrong. */
  const billingToSend = () => {
    const checked = checkBilling(billing);
    setBillingErrors(checked.ok ? {} : checked.errors);
    return checked;
  };

  const toResult = (payment: PaymentDto) => {
    const to =
      payment.statusCode === 'PAY001'
        ? paths.paymentInProcess(announcementId, propertyId)
        : paths.paymentResult(announcementId, propertyId, payment.id, payment.statusCode === 'PAY002');
    void navigate(to, { replace: true });
  };

  /**
   * A payment waiting for 3-D Secure: Stripe.js shows the bank's challenge, then the waiting page asks
   * the API (which asks Stripe) how it ended. Its result is not trusted here: the server decides.
   */
  const authenticate = async (stripe: Stripe, payment: PaymentDto, clientSecret: string) => {
    setAuthenticating(true);
    try {
      await stripe.handleNextAction({ clientSecret });
    } catch {
      // The waiting page reads the outcome from the server either way.
    }
    toResult(payment);
  };

  /** Redsys: the gateway's signed form, posted; the payer comes back to the waiting page. */
  const payWith = (method: PaymentMethod) => {
    const checked = billingToSend();
    if (!checked.ok || busy) return;
    payAtGateway.mutate(
      { id: attemptId, method, billing: checked.billing },
      {
        onSuccess: (payment) => {
          const action = payment.statusCode === 'PAY001' ? payment.nextAction : null;
          if (action?.kind === 'redirect') postToGateway(action.url, action.fields);
          else toResult(payment);
        },
        onError: onPayError,
      },
    );
  };

  const onToken = (token: string, stripe?: Stripe) => {
    const checked = billingToSend();
    if (!checked.ok) return;
    pay.mutate(
      { id: attemptId, token, billing: checked.billing },
      {
        onSuccess: (payment) => {
          const action = payment.statusCode === 'PAY001' ? payment.nextAction : null;
          if (action?.kind === 'stripe_3ds' && stripe) {
            void authenticate(stripe, payment, action.clientSecret);
            return;
          }
          toResult(payment);
        },
        onError: onPayError,
      },
    );
  };

  const billingFields = <BillingFields state={billing} errors={billingErrors} onChange={setBilling} />;

  if (s.provider === 'redsys') {
    return (
      <>
        <header className="stack">
          <h1>{paymentTexts.redsys.heading}</h1>
          <p>{t.total(amount)}</p>
        </header>
        <p className="alert" role="note">
          {paymentTexts.redsys.note}
        </p>
        {billingFields}
        <div className="stack pay-methods">
          {s.methods.map((method) => (
            <Button
              key={method}
              size="lg"
              block
              variant={method === 'card' ? 'primary' : 'secondary'}
              loading={busy && payAtGateway.variables?.method === method}
              disabled={busy}
              onClick={() => payWith(method)}
            >
              {method === 'card' ? paymentTexts.redsys.card(amount) : paymentTexts.redsys.bizum(amount)}
            </Button>
          ))}
        </div>
        <p className="pay-authenticating" role="status">
          {payAtGateway.isSuccess ? paymentTexts.redsys.redirecting : ''}
        </p>
      </>
    );
  }

  return (
    <>
      <header className="stack">
        <h1>{t.heading}</h1>
        <p>{t.total(amount)}</p>
      </header>
      <p className="alert" role="note">
        {s.provider === 'stripe' ? t.stripeNote : t.sandboxNote}
      </p>
      {billingFields}
      {s.provider === 'stripe' ? (
        s.publishableKey ? (
          <StripeCheckout publishableKey={s.publishableKey} amount={amount} busy={busy} onToken={onToken} />
        ) : (
          <p className="alert" role="alert">
            {paymentTexts.stripe.notConfigured}
          </p>
        )
      ) : (
        <CardForm amount={amount} busy={busy} onToken={onToken} />
      )}
      <p className="pay-authenticating" role="status">
        {authenticating ? paymentTexts.stripe.authenticating : ''}
      </p>
    </>
  );
}

/** /property/:id/offers/payment/:propertyId/checkout: the card form of the announcement's (:id) payment. */
export default function PaymentCheckoutPage() {
  const { id = '', propertyId = '' } = useParams();
  return (
    <PaymentFrame documentTitle={t.documentTitle} propertyId={propertyId}>
      <Checkout key={id} announcementId={id} propertyId={propertyId} />
    </PaymentFrame>
  );
}
