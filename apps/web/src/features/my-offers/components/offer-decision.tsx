import { OfferStatus } from '@casaoferta/domain/codes';
import type { MyOffer } from '@casaoferta/domain/schemas/offers';
import { decisionReasonLabel } from '../offer-view';
import { myOffersTexts } from '../texts';

const t = myOffersTexts.detail;

/** The owner's decision on my offer, with the reason they picked when they chose another one. */
export function OfferDecision({ offer }: { offer: MyOffer }) {
  if (offer.statusCode === OfferStatus.Selected) {
    return (
      <div className="mo-decision mo-decision--selected">
        <p className="mo-decision__title">{offer.isVisitRequest ? t.selectedVisit : t.selected}</p>
      </div>
    );
  }
  if (offer.statusCode !== OfferStatus.NotSelected) return null;
  return (
    <div className="mo-decision">
      <p className="mo-decision__title">{t.notSelected}</p>
      {offer.decisionReasonCode && <p>{t.reason(decisionReasonLabel(offer.decisionReasonCode))}</p>}
    </div>
  );
}
