import type { MyOfferDetail, OfferEventDto } from '@casaoferta/domain/schemas/offers';
import { decisionReasonLabel, formatDateTime, money } from '../offer-view';
import { myOffersTexts } from '../texts';

const t = myOffersTexts.timeline;

function eventLabel(event: OfferEventDto, offer: MyOfferDetail): string {
  const amount =
    event.amount === null || offer.isVisitRequest ? null : money(offer.announcement, event.amount);
  switch (event.kind) {
    case 'sent':
      return t.sent(amount);
    case 'modified':
      return t.modified(amount);
    default:
      return t[event.kind];
  }
}

/** What happened to my offer, oldest first, with dates in Madrid time and the owner's reason. */
export function OfferTimeline({ offer }: { offer: MyOfferDetail }) {
  return (
    <ol className="mo-timeline" aria-label={t.listLabel}>
      {offer.timeline.map((event, index) => (
        <li key={`${event.kind}-${event.at}-${String(index)}`}>
          <span>{eventLabel(event, offer)}</span>
          {event.reasonCode && (
            <span className="muted">
              {myOffersTexts.detail.reason(decisionReasonLabel(event.reasonCode))}
            </span>
          )}
          <time dateTime={event.at}>{formatDateTime(event.at)}</time>
        </li>
      ))}
    </ol>
  );
}
