import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { newId } from '../../../shared/new-id';
import { paths } from '../../../shared/paths';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { formatCents, usePay, usePaymentSummary } from '../api';
import { CardForm } from '../components/card-form';
import { PaymentFrame } from '../components/payment-frame';
import { paymentTexts } from '../texts';

const t = paymentTexts.checkout;

function Checkout({ announcementId, propertyId }: { announcementId: string; propertyId: string }) {
  const summary = usePaymentSummary(announcementId);
  const pay = usePay(announcementId);
  const navigate = useNavigate();
  // One id per attempt, kept while on this page: a second click or a retried request is this payment.
  const [attemptId] = useState(newId);

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

  const onToken = (token: string) => {
    pay.mutate(
      { id: attemptId, token },
      {
        onSuccess: (payment) => {
          const to =
            payment.statusCode === 'PAY001'
              ? paths.paymentInProcess(announcementId, propertyId)
              : paths.paymentResult(announcementId, propertyId, payment.id, payment.statusCode === 'PAY002');
          void navigate(to, { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'PAYMENT_IN_PROGRESS')
            void navigate(paths.paymentInProcess(announcementId, propertyId), { replace: true });
          if (error instanceof ApiError && error.code === 'ALREADY_PAID')
            void navigate(paths.paymentSummary(announcementId, propertyId), { replace: true });
        },
      },
    );
  };

  return (
    <>
      <header className="stack">
        <h1>{t.heading}</h1>
        <p>{t.total(amount)}</p>
      </header>
      <p className="alert" role="note">
        {s.provider === 'stripe' ? t.stripeNote : t.sandboxNote}
      </p>
      <CardForm amount={amount} busy={pay.isPending || pay.isSuccess} onToken={onToken} />
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
