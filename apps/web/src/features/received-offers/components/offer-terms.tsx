import { TermList } from '../../../shared/ui/term-list';
import { SolvencyStatus } from '@casaoferta/domain/codes';
import { OfferPaymentType } from '@casaoferta/domain/codes';
import { formatEuros } from '@casaoferta/domain/format';
import type { OwnerOffer } from '@casaoferta/domain/schemas/offers';
import {
  acceptedArrasText,
  contractLabel,
  formatRatio,
  paymentLabel,
  reasonPurchaseLabel,
  solvencyLabel,
} from '../offer-view';
import { receivedOffersTexts } from '../texts';

const t = receivedOffersTexts.card;

/** The offered amount, or what hides it until the announcement is paid. */
export function OfferAmount({ offer, perMonth }: { offer: OwnerOffer; perMonth: boolean }) {
  if (offer.isVisitRequest) return <>{t.visitRequest}</>;
  if (offer.amountLocked || offer.amount === null)
    return <span className="rof-locked">{t.amountLocked}</span>;
  return <>{formatEuros(offer.amount, perMonth)}</>;
}

/** Payment conditions of a sale offer, or the employment facts of a rental one, as a definition list. */
export function OfferConditions({ offer, sale }: { offer: OwnerOffer; sale: boolean }) {
  const rows: [string, string][] = [];
  if (sale) {
    rows.push([t.payment, paymentLabel(offer.offerPaymentType)]);
    if (offer.offerPaymentType === OfferPaymentType.Mortgage) {
      rows.push([t.mortgage, offer.amountLocked ? t.amountLocked : formatEuros(offer.mortgageAmount)]);
      if (offer.mortgagePreApproved !== null)
        rows.push([t.mortgagePreApproved, offer.mortgagePreApproved ? t.yes : t.no]);
    }
    const reason = reasonPurchaseLabel(offer.reasonPurchaseCode);
    if (reason) rows.push([t.reasonPurchase, reason]);
    const arras = acceptedArrasText(offer);
    if (arras) rows.push([t.arras, arras]);
  }
  const contract = contractLabel(offer.typeContractCode);
  if (contract) rows.push([t.contract, contract]);
  if (offer.salary !== null) rows.push([t.salary, formatEuros(offer.salary, true)]);
  if (sale && offer.description) rows.push([t.note, offer.description]);
  if (rows.length === 0) return null;
  return <TermList rows={rows} className="rof-facts" />;
}

const solvencyTone: Readonly<Record<string, string>> = {
  [SolvencyStatus.Solvent]: 'good',
  [SolvencyStatus.SolventWithGuarantor]: 'good',
  [SolvencyStatus.Tight]: 'wait',
  [SolvencyStatus.Pending]: 'wait',
  [SolvencyStatus.Insufficient]: 'bad',
};

/**
 * The solvency summary: status (master list), whom the candidate counts with (a guarantor, a co-holder:
 * no figure, so shown before paying too), the effort ratio (the candidate's own box's figure, once the
 * amounts are unlocked) and the reasons behind it.
 */
export function SolvencySummary({ offer }: { offer: OwnerOffer }) {
  const { statusCode, ratio, reasons, hasGuarantor, hasCoHolder } = offer.solvency;
  const effort = formatRatio(ratio);
  return (
    <div className="rof-solvency">
      <p className="rof-solvency__head">
        <span className="muted">{t.solvency}: </span>
        <span className={`badge rof-badge rof-badge--${solvencyTone[statusCode] ?? 'wait'}`}>
          {solvencyLabel(statusCode)}
        </span>
      </p>
      {(hasGuarantor || hasCoHolder) && (
        <p className="rof-solvency__people">
          <span className="visually-hidden">{t.household}: </span>
          {hasGuarantor && <span className="badge rof-badge">{t.withGuarantor}</span>}
          {hasCoHolder && <span className="badge rof-badge">{t.withCoHolder}</span>}
        </p>
      )}
      {effort && <p className="text-sm">{t.effort(effort, hasGuarantor)}</p>}
      {reasons.length > 0 && (
        <ul className="rof-solvency__reasons text-sm">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
