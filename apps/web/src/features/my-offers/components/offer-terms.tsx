import { TermList } from '../../../shared/ui/term-list';
import { isSale, OfferPaymentType } from '@casaoferta/domain/codes';
import type { MyOffer } from '@casaoferta/domain/schemas/offers';
import { formatEuros } from '@casaoferta/domain/format';
import { describeArras } from '@casaoferta/domain/rules/arras';
import { masterLabel, money } from '../offer-view';
import { myOffersTexts } from '../texts';

const t = myOffersTexts.detail.terms;

/** The terms I sent: amount, payment conditions, mortgage, reason, accepted arras, note and employment data. */
export function OfferTerms({ offer }: { offer: MyOffer }) {
  const sale = isSale(offer.announcement.typeCode);
  const mortgage = offer.offerPaymentType === OfferPaymentType.Mortgage;
  const rows: [string, string][] = [];
  if (!offer.isVisitRequest) rows.push([t.amount, money(offer.announcement, offer.amount)]);
  if (sale) {
    rows.push([t.paymentType, masterLabel(offer.offerPaymentType)]);
    if (mortgage) {
      rows.push([t.mortgageAmount, formatEuros(offer.mortgageAmount)]);
      if (offer.mortgagePreApproved !== null) {
        rows.push([t.mortgagePreApproved, offer.mortgagePreApproved ? t.yes : t.no]);
      }
    }
    if (offer.reasonPurchaseCode) rows.push([t.reasonPurchase, masterLabel(offer.reasonPurchaseCode)]);
    // The euros of a percentage on the amount I offered, as the contract will reckon them.
    if (offer.acceptedArras) rows.push([t.arras, describeArras(offer.acceptedArras, offer.amount)]);
  }
  if (offer.description) rows.push([t.description, offer.description]);
  if (offer.typeContractCode) rows.push([t.typeContract, masterLabel(offer.typeContractCode)]);
  if (offer.salary !== null) rows.push([t.salary, formatEuros(offer.salary, true)]);
  return <TermList rows={rows} className="mo-facts" />;
}
