import { useState } from 'react';
import { Link } from 'react-router';
import { formatDayTime } from '@casaoferta/domain/format';
import type { InvoiceDto, MyPaymentDto } from '@casaoferta/domain/schemas/payments';
import { downloadFile } from '../../../shared/api/download-file';
import { QueryProvider } from '../../../shared/api/query-client';
import { paths } from '../../../shared/paths';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { formatCents, paymentsApi, useMyPayments } from '../api';
import { paymentTexts } from '../texts';
import '../payments.css';

const t = paymentTexts.myPayments;

function InvoiceRow({ invoice }: { invoice: InvoiceDto }) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadFile(paymentsApi.invoicePdf(invoice.id), `factura-${invoice.code}.pdf`)
      .catch(() => showToast(t.downloadError, 'error'))
      .finally(() => setBusy(false));
  };
  return (
    <li className="pay-invoice">
      <span>
        {t.invoiceKinds[invoice.series][invoice.kind]} <strong>{invoice.code}</strong> ·{' '}
        {formatCents(invoice.totalCents)}
      </span>
      <Button variant="secondary" size="sm" loading={busy} disabled={busy} onClick={download}>
        {t.download(invoice.code)}
      </Button>
    </li>
  );
}

function PaymentCard({ item }: { item: MyPaymentDto }) {
  const { payment, refund } = item;
  const title = item.announcementTitle ?? t.untitled;
  return (
    <li className="card stack pay-mine">
      <div className="pay-mine__head">
        <h2 className="pay-mine__title">{title}</h2>
        <span className={`badge pay-status pay-status--${payment.statusCode}`}>
          {t.status[payment.statusCode]}
        </span>
      </div>
      <dl className="pay-price">
        <div>
          <dt>{t.date}</dt>
          <dd>{formatDayTime(payment.createdAt)}</dd>
        </div>
        <div>
          <dt>{t.amount}</dt>
          <dd>{formatCents(payment.amountCents)}</dd>
        </div>
        <div>
          <dt>{t.method}</dt>
          <dd>{t.methods[payment.method]}</dd>
        </div>
        {payment.statusCode === 'PAY003' && payment.failureMessage && (
          <div>
            <dt>{t.failure}</dt>
            <dd>{payment.failureMessage}</dd>
          </div>
        )}
      </dl>
      {refund && (
        <div className="stack pay-refund">
          <h3>
            {t.refund}: {t.refundStatus[refund.status]}
          </h3>
          <p>
            {t.refundReason}: {refund.reason}
          </p>
        </div>
      )}
      {item.invoices.length > 0 && (
        <div className="stack">
          <h3>{t.invoices}</h3>
          <ul className="pay-invoices">
            {item.invoices.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} />
            ))}
          </ul>
        </div>
      )}
      <Link to={paths.propertyOffers(item.propertyId)}>{t.seeAnnouncement}</Link>
    </li>
  );
}

function MyPayments() {
  const query = useMyPayments();
  if (query.isPending) return <Spinner block />;
  if (query.isError)
    return (
      <ErrorState headingLevel={1} title={paymentTexts.loadErrorTitle} onRetry={() => void query.refetch()} />
    );
  const { payments } = query.data;
  return (
    <>
      <header className="stack">
        <h1>{t.heading}</h1>
        <p className="muted">{t.intro}</p>
      </header>
      {payments.length === 0 ? (
        <EmptyState headingLevel={2} title={t.emptyTitle} description={t.emptyText} />
      ) : (
        <ul className="stack pay-mine-list" aria-label={t.listLabel}>
          {payments.map((item) => (
            <PaymentCard key={item.payment.id} item={item} />
          ))}
        </ul>
      )}
    </>
  );
}

/** /my-payments "Mis pagos" (issue 28): the owner's payments, their invoices (PDF) and refunds. */
export default function MyPaymentsPage() {
  useDocumentTitle(t.documentTitle);
  return (
    <QueryProvider>
      <div className="page-narrow stack pay-page">
        <MyPayments />
      </div>
    </QueryProvider>
  );
}
