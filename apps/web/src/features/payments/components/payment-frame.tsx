import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryProvider } from '../../../shared/api/query-client';
import { paths } from '../../../shared/paths';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { paymentTexts } from '../texts';
import '../payments.css';

/** The frame of every payment page: its title, the way back to the offers, the query client. */
export function PaymentFrame({
  documentTitle,
  propertyId,
  children,
}: {
  documentTitle: string;
  propertyId: string;
  children: ReactNode;
}) {
  useDocumentTitle(documentTitle);
  return (
    <QueryProvider>
      <div className="page-narrow stack pay-page">
        <Link className="pay-back" to={paths.propertyOffers(propertyId)}>
          {paymentTexts.backToOffers}
        </Link>
        {children}
      </div>
    </QueryProvider>
  );
}
