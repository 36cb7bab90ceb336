import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { buttonClassName } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { formatCents, usePaymentSummary } from '../api';
import { PaymentFrame } from '../components/payment-frame';
import { paymentTexts } from '../texts';

const t = paymentTexts.summary;

function Summary({ announcementId, propertyId }: { announcementId: string; propertyId: string }) {
  const query = usePaymentSummary(announcementId);
  if (query.isPending) return <Spinner block />;
  if (query.isError) {
    return (
      <ErrorState title={paymentTexts.loadErrorTitle} headingLevel={1} onRetry={() => void query.refetch()} />
    );
  }
  const s = query.data;
  const inProcess = s.latestPayment?.statusCode === 'PAY001';
  return (
    <>
      <header className="stack">
        <h1>{t.heading}</h1>
        {s.title && <p className="muted">{s.title}</p>}
      </header>
      <section className="card stack" aria-labelledby="pay-unlocks">
        <h2 id="pay-unlocks">{t.unlocksTitle}</h2>
        <ul className="pay-unlocks">
          {t.unlocks.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <section className="card stack" aria-labelledby="pay-price">
        <h2 id="pay-price">{t.priceTitle}</h2>
        <p className="muted">{t.kinds[s.kind]}</p>
        <dl className="pay-price">
          <div>
            <dt>{t.base}</dt>
            <dd>{formatCents(s.baseCents)}</dd>
          </div>
          <div>
            <dt>{t.vat(s.vatPercent)}</dt>
            <dd>{formatCents(s.vatCents)}</dd>
          </div>
          <div className="pay-price__total">
            <dt>{t.total}</dt>
            <dd>{formatCents(s.priceCents)}</dd>
          </div>
        </dl>
        <p className="muted">{t.oncePerAnnouncement}</p>
      </section>
      {s.isPaid ? (
        <div className="stack">
          <p className="alert" role="status">
            {s.paidByAgent ? t.paidByAgent : t.paid}
          </p>
          <Link className={buttonClassName('primary', 'lg', true)} to={paths.propertyOffers(propertyId)}>
            {t.seeOffers}
          </Link>
        </div>
      ) : inProcess ? (
        <div className="stack">
          <p className="alert" role="status">
            {t.inProcess}
          </p>
          <Link
            className={buttonClassName('primary', 'lg', true)}
            to={paths.paymentInProcess(announcementId, propertyId)}
          >
            {t.followInProcess}
          </Link>
        </div>
      ) : (
        <Link
          className={buttonClassName('primary', 'lg', true)}
          to={paths.paymentCheckout(announcementId, propertyId)}
        >
          {t.pay}
        </Link>
      )}
    </>
  );
}

/** /property/:id/offers/payment/:propertyId: what paying the announcement (:id) costs and unlocks. */
export default function PaymentSummaryPage() {
  const { id = '', propertyId = '' } = useParams();
  return (
    <PaymentFrame documentTitle={t.documentTitle} propertyId={propertyId}>
      <Summary key={id} announcementId={id} propertyId={propertyId} />
    </PaymentFrame>
  );
}
