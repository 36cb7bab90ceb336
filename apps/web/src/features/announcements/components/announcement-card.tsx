import { Link } from 'react-router';
import {
  AnnouncementOfferType,
  AnnouncementStatus,
  PropertyValidationStatus,
} from '@casaoferta/domain/codes';
import { formatEuros, formatNumber } from '@casaoferta/domain/format';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import { paths } from '../../../shared/paths';
import { announcementKindOfType, isMonthlyKind } from '@casaoferta/domain/announcement-kind';
import { statusLabel, statusTone, typeLabel } from '../status';
import { announcementTexts } from '../texts';
import { AnnouncementActions } from './announcement-actions';

const t = announcementTexts.card;

export interface OwnerAnnouncementCardProps {
  announcement: OwnerAnnouncement;
  /** In /announcement-list the title opens the owner's property view and 'Ofertas (n)' its offers. */
  linkToProperty?: boolean;
  headingLevel?: 2 | 3;
}

/** One of the owner's announcements: photo, title, price, status, offers, time left and its actions. */
/** The photo of an owner's card (decorative: the title names it), or a 'Sin foto' placeholder. */
export function OwnerCardMedia({ image }: { image: string | null }) {
  return (
    <div className={image ? 'ann-card__media' : 'ann-card__media ann-card__media--empty'}>
      {image ? (
        <img src={image} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className="ann-card__nophoto">{t.noPhoto}</span>
      )}
    </div>
  );
}

export function OwnerAnnouncementCard({
  announcement: a,
  linkToProperty = false,
  headingLevel = 2,
}: OwnerAnnouncementCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const perMonth = isMonthlyKind(announcementKindOfType(a.typeCode));
  const visitsOnly = a.offerTypeCode === AnnouncementOfferType.VisitRequestOnly;
  const rejected = a.statusCode === AnnouncementStatus.Rejected;
  const propertyRejected = a.propertyValidationStatus === PropertyValidationStatus.Rejected;
  return (
    <li className="card ann-card">
      <OwnerCardMedia image={a.image} />
      <div className="ann-card__body stack">
        <div className="ann-card__head">
          <Heading className="ann-card__title">
            {linkToProperty ? <Link to={paths.propertyDetail(a.propertyId)}>{a.title}</Link> : a.title}
          </Heading>
          <span className={`badge ann-badge ann-badge--${statusTone(a.statusCode)}`}>
            {statusLabel(a.statusCode)}
          </span>
        </div>
        <p className="muted text-sm">
          {typeLabel(a.typeCode)} · {t.reference(a.reference)}
        </p>
        <dl className="ann-facts">
          <div>
            <dt>{t.price}</dt>
            <dd>{formatEuros(a.price, perMonth)}</dd>
          </div>
          <div>
            <dt>{visitsOnly ? t.visits : t.offers}</dt>
            <dd>{formatNumber(a.offersCount)}</dd>
          </div>
          {!visitsOnly && (
            <div>
              <dt>{t.highestOffer}</dt>
              <dd>{formatEuros(a.highestOffer, perMonth)}</dd>
            </div>
          )}
          {a.daysLeft !== null && (
            <div>
              <dt>{t.timeLeft}</dt>
              <dd>{t.daysLeft(a.daysLeft)}</dd>
            </div>
          )}
        </dl>
        {rejected && a.statusReason && (
          <p className="alert alert--error">{t.rejectedReason(a.statusReason)}</p>
        )}
        {propertyRejected && (
          <p className="alert alert--error">{t.propertyRejected(a.propertyValidationReason)}</p>
        )}
        <AnnouncementActions announcement={a} offersLink={linkToProperty} />
      </div>
    </li>
  );
}
