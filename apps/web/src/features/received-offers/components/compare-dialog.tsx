import type { ReactNode } from 'react';
import { useId } from 'react';
import { OfferPaymentType } from '@casaoferta/domain/codes';
import { formatEuros } from '@casaoferta/domain/format';
import type { OwnerOffer } from '@casaoferta/domain/schemas/offers';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import {
  acceptedArrasText,
  contractLabel,
  formatDay,
  formatRatio,
  offerStatusLabel,
  paymentLabel,
  solvencyLabel,
} from '../offer-view';
import { receivedOffersTexts } from '../texts';
import { OfferAmount } from './offer-terms';

const t = receivedOffersTexts.compare;

interface Row {
  label: string;
  cell: (offer: OwnerOffer) => ReactNode;
}

/** Two or three offers side by side: one column each, scrolling sideways on a phone. */
export function CompareDialog({
  offers,
  perMonth,
  sale,
  onClose,
}: {
  offers: readonly OwnerOffer[];
  perMonth: boolean;
  sale: boolean;
  onClose: () => void;
}) {
  const captionId = useId();
  const rows: Row[] = [
    { label: t.rows.amount, cell: (offer) => <OfferAmount offer={offer} perMonth={perMonth} /> },
    { label: t.rows.status, cell: (offer) => offerStatusLabel(offer.statusCode) },
    ...(sale
      ? [
          { label: t.rows.payment, cell: (offer: OwnerOffer) => paymentLabel(offer.offerPaymentType) },
          {
            label: t.rows.mortgage,
            cell: (offer: OwnerOffer) =>
              offer.offerPaymentType !== OfferPaymentType.Mortgage
                ? '-'
                : offer.amountLocked
                  ? receivedOffersTexts.card.amountLocked
                  : formatEuros(offer.mortgageAmount),
          },
          { label: t.rows.arras, cell: (offer: OwnerOffer) => acceptedArrasText(offer) ?? '-' },
        ]
      : []),
    { label: t.rows.contract, cell: (offer) => contractLabel(offer.typeContractCode) ?? '-' },
    { label: t.rows.salary, cell: (offer) => formatEuros(offer.salary, true) },
    { label: t.rows.solvency, cell: (offer) => solvencyLabel(offer.solvency.statusCode) },
    { label: t.rows.effort, cell: (offer) => formatRatio(offer.solvency.ratio) ?? '-' },
    { label: t.rows.date, cell: (offer) => formatDay(offer.createdAt) },
  ];
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={t.title}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t.close}
        </Button>
      }
    >
      <p className="muted text-sm hide-desktop">{t.scrollHint}</p>
      <div className="rof-compare-table" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table>
          <caption id={captionId} className="visually-hidden">
            {t.tableCaption}
          </caption>
          <thead>
            <tr>
              <td />
              {offers.map((offer) => (
                <th key={offer.id} scope="col">
                  {offer.candidate.displayName}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {offers.map((offer) => (
                  <td key={offer.id}>{row.cell(offer)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Dialog>
  );
}
