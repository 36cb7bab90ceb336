import { AnnouncementOfferType } from '@casaoferta/domain/codes';
import type { MyOffer } from '@casaoferta/domain/schemas/offers';
import { announcementStateText, competes, positionText } from '../offer-view';
import { myOffersTexts } from '../texts';

const t = myOffersTexts.position;

/**
 * Where my offer stands: the highest or not, how many offers there are and the announcement's state.
 * The figures change live (the page follows the announcement's events): a polite live region says so.
 */
export function OfferPosition({ offer, labelledBy }: { offer: MyOffer; labelledBy: string }) {
  const a = offer.announcement;
  const visitsOnly = a.offerTypeCode === AnnouncementOfferType.VisitRequestOnly || offer.isVisitRequest;
  const stateText = announcementStateText(a.statusCode);
  return (
    <div className="stack" role="status" aria-labelledby={labelledBy}>
      {competes(offer) && (
        <p className={offer.isHighest ? 'mo-position mo-position--top' : 'mo-position'}>
          {positionText(offer)}
        </p>
      )}
      <p>{visitsOnly ? t.requestCount(a.offersCount) : t.count(a.offersCount)}</p>
      {stateText && <p className="muted">{stateText}</p>}
    </div>
  );
}
