import type { Ref } from 'react';
import { Link } from 'react-router';
import { announcementKindOfType, isMonthlyKind } from '@casaoferta/domain/announcement-kind';
import { formatDayTime, formatEuros } from '@casaoferta/domain/format';
import type { ValidationQueueItem, ValidationQueueOwner } from '@casaoferta/domain/schemas/back-office';
import { paths } from '../../../shared/paths';
import { timeAgo } from '../relative-time';
import { jointText, kindLabel, placeText } from '../review-view';
import { validationTexts } from '../texts';

const t = validationTexts.queue;

export const ownerName = (owner: Pick<ValidationQueueOwner, 'name' | 'surname'>): string =>
  `${owner.name} ${owner.surname}`.trim();

function QueueCard({ item, now }: { item: ValidationQueueItem; now: number }) {
  const place = placeText(item.municipalityName, item.provinceName);
  const perMonth = isMonthlyKind(announcementKindOfType(item.announcementTypeCode));
  const joint = jointText(item);
  return (
    <li className="card vq-card">
      <div className={item.coverImageUrl ? 'vq-card__media' : 'vq-card__media vq-card__media--empty'}>
        {item.coverImageUrl ? (
          <img src={item.coverImageUrl} alt="" loading="lazy" decoding="async" />
        ) : (
          <span>{t.noPhoto}</span>
        )}
      </div>
      <div className="vq-card__body">
        <p className="cluster vq-card__kind">
          <span className="badge">{kindLabel(item)}</span>
          <span className="muted text-sm">{item.reference}</span>
        </p>
        <h2 className="vq-card__title">
          <Link className="vq-card__link" to={paths.agentsValidation(item.propertyId)}>
            {item.title}
          </Link>
        </h2>
        <p className="muted text-sm">
          {[
            place,
            item.price !== null ? formatEuros(item.price, perMonth) : '',
            item.imageCount > 0 ? t.photos(item.imageCount) : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className="vq-card__owner">
          <span className="visually-hidden">{t.owner}: </span>
          <span>{ownerName(item.owner)}</span>
          {item.owner.isVerified && <span className="badge vq-badge--good">{t.verified}</span>}
          {item.owner.isBlocked && <span className="badge vq-badge--bad">{t.blocked}</span>}
        </p>
        {joint && <p className="text-sm vq-card__note">{joint}</p>}
        <p className="text-sm">
          <time dateTime={item.submittedAt} title={formatDayTime(item.submittedAt)}>
            {t.waiting(timeAgo(item.submittedAt, now))}
          </time>
        </p>
      </div>
    </li>
  );
}

/** The queue's items, oldest first as the API sends them; each title opens its review. */
export function QueueList({
  items,
  now,
  listRef,
}: {
  items: readonly ValidationQueueItem[];
  now: number;
  listRef?: Ref<HTMLUListElement>;
}) {
  return (
    <ul ref={listRef} className="plain-list vq-list" aria-label={t.listLabel}>
      {items.map((item) => (
        <QueueCard key={`${item.kind}:${item.announcementId ?? item.propertyId}`} item={item} now={now} />
      ))}
    </ul>
  );
}
