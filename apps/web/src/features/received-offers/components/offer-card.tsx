import { useId } from 'react';
import { Link } from 'react-router';
import { OfferStatus } from '@casaoferta/domain/codes';
import type { OwnerOffer } from '@casaoferta/domain/schemas/offers';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { paths } from '../../../shared/paths';
import { unreadOf, useUnreadMessages } from '../../../shared/unread-messages';
import { decisionReasonLabel, formatDay, offerStatusLabel } from '../offer-view';
import { receivedOffersTexts } from '../texts';
import { OfferAmount, OfferConditions, SolvencySummary } from './offer-terms';

const t = receivedOffersTexts.card;

const statusTone: Partial<Record<string, string>> = {
  [OfferStatus.Selected]: 'good',
  [OfferStatus.NotSelected]: 'done',
  [OfferStatus.Withdrawn]: 'done',
  [OfferStatus.Ended]: 'done',
};

export interface OfferCardProps {
  offer: OwnerOffer;
  perMonth: boolean;
  sale: boolean;
  detailHref: string;
  compared: boolean;
  /** Three others are already chosen for comparing. */
  compareFull: boolean;
  onCompareChange: (checked: boolean) => void;
  onToggleFavorite: () => void;
  /** Shows 'Elegir candidato' (the announcement allows it and the offer is still in play). */
  canSelect: boolean;
  onSelect: () => void;
}

/** One offer received: candidate, amount, conditions, solvency, markers and the owner's actions. */
export function OfferCard({
  offer,
  perMonth,
  sale,
  detailHref,
  compared,
  compareFull,
  onCompareChange,
  onToggleFavorite,
  canSelect,
  onSelect,
}: OfferCardProps) {
  const headingId = useId();
  const compareId = useId();
  const name = offer.candidate.displayName;
  const isNew = offer.seenAt === null && offer.statusCode === OfferStatus.Sent;
  const tone = statusTone[offer.statusCode];
  const reason = decisionReasonLabel(offer.decisionReasonCode);
  return (
    // tabIndex -1: "Ver más ofertas" takes the focus to the first card it loaded.
    <li
      className={`card rof-card${compared ? ' rof-card--compared' : ''}`}
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <div className="rof-card__head">
        <h2 id={headingId} className="rof-card__name">
          {name}
        </h2>
        {offer.candidate.isVerified && <span className="badge rof-badge rof-badge--good">{t.verified}</span>}
        {isNew && <span className="badge rof-badge rof-badge--new">{t.isNew}</span>}
        {tone && (
          <span className={`badge rof-badge rof-badge--${tone}`}>{offerStatusLabel(offer.statusCode)}</span>
        )}
      </div>
      <p className="rof-card__amount">
        <span className="visually-hidden">{t.amount}: </span>
        <OfferAmount offer={offer} perMonth={perMonth} />
      </p>
      <p className="muted text-sm">
        <time dateTime={offer.createdAt}>{t.receivedAt(formatDay(offer.createdAt))}</time>
      </p>
      {reason && <p className="muted text-sm">{receivedOffersTexts.detail.reason(reason)}</p>}
      <OfferConditions offer={offer} sale={sale} />
      <SolvencySummary offer={offer} />
      <div className="rof-card__actions" role="group" aria-label={t.actionsLabel(name)}>
        <Button
          variant="ghost"
          size="sm"
          className="rof-favorite"
          aria-pressed={offer.isFavorite}
          onClick={onToggleFavorite}
        >
          <span aria-hidden="true" className="rof-favorite__star">
            {offer.isFavorite ? '★' : '☆'}
          </span>
          {t.favorite}
        </Button>
        <div className="choice rof-compare">
          <input
            id={compareId}
            className="choice__control"
            type="checkbox"
            checked={compared}
            disabled={!compared && compareFull}
            onChange={(event) => onCompareChange(event.target.checked)}
          />
          <label className="choice__label" htmlFor={compareId}>
            {t.compare}
          </label>
        </div>
        <Link className={buttonClassName('secondary', 'sm')} to={detailHref} state={{ fromList: true }}>
          {t.detail}
        </Link>
        <ConversationLink offerId={offer.id} />
        {canSelect && (
          <Button size="sm" onClick={onSelect}>
            {t.select}
          </Button>
        )}
      </div>
    </li>
  );
}

/** The conversation with the candidate (decision 038), with its unread count. */
function ConversationLink({ offerId }: { offerId: string }) {
  const unread = unreadOf(useUnreadMessages(true), offerId);
  return (
    <Link className={buttonClassName('ghost', 'sm')} to={paths.conversation(offerId)}>
      {t.messages(unread)}
    </Link>
  );
}
