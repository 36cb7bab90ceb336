import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { buttonClassName } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { TermList } from '../../../shared/ui/term-list';
import { formatCents, usePayment } from '../api';
import { PaymentFrame } from '../components/payment-frame';
import { paymentTexts } from '../texts';

function Result({
  announcementId,
  propertyId,
  paymentId,
  expectSuccess,
}: {
  announcementId: string;
  propertyId: string;
  paymentId: string;
  expectSuccess: boolean;
}) {
  const query = usePayment(announcementId, paymentId);
  if (query.isPending) return <Spinner block />;
  if (query.isError) {
    return (
      <ErrorState title={paymentTexts.loadErrorTitle} headingLevel={1} onRetry={() => void query.refetch()} />
    );
  }
  const payment = query.data;
  // The page of the outcome the payment has: a typed or stale address goes where it belongs.
  if (payment.statusCode === 'PAY001')
    return <Navigate to={paths.paymentInProcess(announcementId, propertyId)} replace />;
  const succeeded = payment.statusCode === 'PAY002';
  if (succeeded !== expectSuccess)
    return <Navigate to={paths.paymentResult(announcementId, propertyId, payment.id, succeeded)} replace />;

  if (succeeded) {
    const t = paymentTexts.success;
    const rows: [string, string][] = [[t.amount, formatCents(payment.amountCents)]];
    if (payment.cardBrand && payment.cardLast4)
      rows.push([t.card, t.cardEnding(payment.cardBrand, payment.cardLast4)]);
    return (
      <div className="stack">
        <h1>{t.heading}</h1>
        <p className="alert" role="status">
          {t.body}
        </p>
        <TermList rows={rows} className="pay-price" />
        <Link className={buttonClassName('primary', 'lg', true)} to={paths.propertyOffers(propertyId)}>
          {t.seeOffers}
        </Link>
      </div>
    );
  }
  const t = paymentTexts.failure;
  return (
    <div className="stack">
      <h1>{t.heading}</h1>
      <div className="alert alert--error" role="alert">
        <p>
          <strong>{t.reason}: </strong>
          {payment.failureMessage ?? ''}
        </p>
      </div>
      <p>{t.body}</p>
      <Link
        className={buttonClassName('primary', 'lg', true)}
        to={paths.paymentCheckout(announcementId, propertyId)}
      >
        {t.retry}
      </Link>
    </div>
  );
}

/** /announcement/:announcementId/property/:propertyId/payment/:paymentId/success and /failure. */
export function PaymentResultPage({ success }: { success: boolean }) {
  const { announcementId = '', propertyId = '', paymentId = '' } = useParams();
  const texts = success ? paymentTexts.success : paymentTexts.failure;
  return (
    <PaymentFrame documentTitle={texts.documentTitle} propertyId={propertyId}>
      <Result
        key={`${paymentId}-${String(success)}`}
        announcementId={announcementId}
        propertyId={propertyId}
        paymentId={paymentId}
        expectSuccess={success}
      />
    </PaymentFrame>
  );
}
