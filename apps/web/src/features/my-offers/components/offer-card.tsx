import { Link } from 'react-router';
import { AnnouncementOfferType } from '@casaoferta/domain/codes';
import { formatNumber } from '@casaoferta/domain/format';
import type { MyOffer } from '@casaoferta/domain/schemas/offers';
import { paths } from '../../../shared/paths';
import { unreadOf, useUnreadMessages } from '../../../shared/unread-messages';
import {
  announcementStateText,
  competes,
  money,
  placeOf,
  positionText,
  statusLabel,
  statusTone,
} from '../offer-view';
import { myOffersTexts } from '../texts';
import { OfferStatusBadge } from './offer-status-badge';

const t = myOffersTexts.card;

/** One offer of mine: photo, title (the link to its detail), place, status, amount and position. */
export function OfferCard({ offer }: { offer: MyOffer }) {
  const a = offer.announcement;
  const unread = unreadOf(useUnreadMessages(true), offer.id);
  const visitsOnly = a.offerTypeCode === AnnouncementOfferType.VisitRequestOnly || offer.isVisitRequest;
  const stateText = announcementStateText(a.statusCode);
  return (
    <li className="card mo-card">
      <div className={a.image ? 'mo-card__media' : 'mo-card__media mo-card__media--empty'}>
        {a.image ? (
          <img src={a.image.card} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="mo-card__nophoto">{t.noPhoto}</span>
        )}
      </div>
      <div className="mo-card__body stack">
        <div className="mo-card__head">
          <h2 className="mo-card__title">
            <Link to={paths.offerDetail(a.id, offer.id)}>{a.title}</Link>
          </h2>
          <div className="mo-card__badges">
            {offer.isVisitRequest && <span className="badge mo-badge mo-badge--visit">{t.visitRequest}</span>}
            {unread > 0 && (
              <Link className="unread-count" to={paths.conversation(offer.id)} aria-label={t.unread(unread)}>
                {unread}
              </Link>
            )}
            <OfferStatusBadge label={statusLabel(offer.statusCode)} tone={statusTone(offer.statusCode)} />
          </div>
        </div>
        {placeOf(a) && <p className="muted text-sm">{placeOf(a)}</p>}
        <dl className="mo-facts">
          {!offer.isVisitRequest && (
            <div>
              <dt>{t.yourOffer}</dt>
              <dd>{money(a, offer.amount)}</dd>
            </div>
          )}
          <div>
            <dt>{visitsOnly ? t.requests : t.offers}</dt>
            <dd>{formatNumber(a.offersCount)}</dd>
          </div>
        </dl>
        {competes(offer) && (
          <p className={offer.isHighest ? 'mo-position mo-position--top' : 'mo-position'}>
            {positionText(offer)}
          </p>
        )}
        {stateText && <p className="muted text-sm">{stateText}</p>}
      </div>
    </li>
  );
}
