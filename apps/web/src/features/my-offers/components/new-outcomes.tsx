import { Link } from 'react-router';
import { OfferStatus } from '@casaoferta/domain/codes';
import type { MyOffer } from '@casaoferta/domain/schemas/offers';
import { paths } from '../../../shared/paths';
import { buttonClassName } from '../../../shared/ui/button';
import { useUnseenOutcomes } from '../api/unseen-outcomes';
import { decisionReasonLabel, money, placeOf } from '../offer-view';
import { myOffersTexts } from '../texts';

const t = myOffersTexts.outcomes;

function outcomeTitle(offer: MyOffer): string {
  if (offer.statusCode === OfferStatus.Selected) return offer.isVisitRequest ? t.selectedVisit : t.selected;
  if (offer.statusCode === OfferStatus.NotSelected)
    return offer.isVisitRequest ? t.notSelectedVisit : t.notSelected;
  return t.ended;
}

/**
 * The owner's decisions I have not opened yet (issue 23), first on /my-offers: the outcome and its
 * reason on each; opening one marks it seen (on the server, so on every device) and it moves to its
 * list (a chosen offer to Activas, the others to Finalizadas). Nothing while there is none.
 */
export function NewOutcomes() {
  const query = useUnseenOutcomes();
  const offers = query.data ?? [];
  if (offers.length === 0) return null;
  return (
    <section className="stack mo-outcomes" aria-labelledby="mo-outcomes-title">
      <h2 id="mo-outcomes-title" className="mo-outcomes__title">
        {t.title(offers.length)}
      </h2>
      <ul className="plain-list stack">
        {offers.map((offer) => {
          const selected = offer.statusCode === OfferStatus.Selected;
          const a = offer.announcement;
          return (
            <li key={offer.id} className={selected ? 'mo-decision mo-decision--selected' : 'mo-decision'}>
              <p className="mo-decision__title">{outcomeTitle(offer)}</p>
              <p className="mo-outcomes__property">
                {a.title}
                {placeOf(a) && <span className="muted"> · {placeOf(a)}</span>}
              </p>
              {!offer.isVisitRequest && (
                <p className="muted text-sm">{t.yourOffer(money(a, offer.amount))}</p>
              )}
              {offer.statusCode === OfferStatus.NotSelected && offer.decisionReasonCode && (
                <p>{t.reason(decisionReasonLabel(offer.decisionReasonCode))}</p>
              )}
              <Link
                className={buttonClassName(selected ? 'primary' : 'secondary')}
                to={paths.offerDetail(a.id, offer.id)}
                aria-label={t.openLabel(selected ? t.openSelected : t.open, a.title)}
              >
                {selected ? t.openSelected : t.open}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
