import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { usePaymentStatus } from '../api';
import { PaymentFrame } from '../components/payment-frame';
import { ResumeAuthentication } from '../components/resume-authentication';
import { paymentTexts } from '../texts';

const t = paymentTexts.inProcess;

function Waiting({ announcementId, propertyId }: { announcementId: string; propertyId: string }) {
  const status = usePaymentStatus(announcementId);
  const navigate = useNavigate();
  // Back from a redirect gateway (Redsys' URLOK / URLKO): said, never trusted; the status decides.
  const gateway = useSearchParams()[0].get('gateway');
  const payment = status.data?.payment ?? null;
  const final = payment && payment.statusCode !== 'PAY001' ? payment : null;
  const action = payment?.statusCode === 'PAY001' ? payment.nextAction : null;

  useEffect(() => {
    if (!final) return;
    void navigate(paths.paymentResult(announcementId, propertyId, final.id, final.statusCode === 'PAY002'), {
      replace: true,
    });
  }, [final, announcementId, propertyId, navigate]);

  if (status.isError) {
    return (
      <ErrorState
        title={paymentTexts.loadErrorTitle}
        headingLevel={1}
        onRetry={() => void status.refetch()}
      />
    );
  }
  if (status.isSuccess && !payment) {
    return (
      <div className="stack">
        <h1>{t.heading}</h1>
        <p>{t.noPayment}</p>
        <Link to={paths.paymentSummary(announcementId, propertyId)}>{paymentTexts.summary.heading}</Link>
      </div>
    );
  }
  return (
    <div className="stack">
      <h1>{t.heading}</h1>
      <div className="pay-waiting" role="status" aria-live="polite">
        <Spinner />
        <p>{gateway === 'ko' ? t.gatewayKo : gateway === 'ok' ? t.gatewayOk : t.body}</p>
      </div>
      {action?.kind === 'stripe_3ds' && (
        <ResumeAuthentication
          announcementId={announcementId}
          clientSecret={action.clientSecret}
          onDone={() => void status.refetch()}
        />
      )}
    </div>
  );
}

/** /payment-in-process/:idAnnouncement/property/:propertyId: follows the payment until it is final. */
export default function PaymentInProcessPage() {
  const { idAnnouncement = '', propertyId = '' } = useParams();
  return (
    <PaymentFrame documentTitle={t.documentTitle} propertyId={propertyId}>
      <Waiting key={idAnnouncement} announcementId={idAnnouncement} propertyId={propertyId} />
    </PaymentFrame>
  );
}
