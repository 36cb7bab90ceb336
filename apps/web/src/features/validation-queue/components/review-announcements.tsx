import { useId } from 'react';
import { announcementKindOfType, isMonthlyKind } from '@casaoferta/domain/announcement-kind';
import { announcementTypeLabels } from '@casaoferta/domain/masters/announcement';
import { formatEuros } from '@casaoferta/domain/format';
import type { PropertyReview } from '@casaoferta/domain/schemas/moderation';
import { defaultTitle } from '@casaoferta/domain/titles';
import { Button } from '../../../shared/ui/button';
import { announcementDecisions, announcementStatusLabel, tone } from '../review-view';
import { validationTexts } from '../texts';

const t = validationTexts.review;

export type ReviewAnnouncement = PropertyReview['announcements'][number];

/** The title the announcement shows: the owner's, or the one made from its type and place. */
export const announcementTitleOf = (
  announcement: ReviewAnnouncement,
  review: PropertyReview,
  municipalityName: string | undefined,
): string =>
  announcement.customTitle?.trim() ||
  defaultTitle(announcement.typeCode, review.live.propertyTypeCode, municipalityName);

const typeLabel = (code: string): string =>
  (announcementTypeLabels as Readonly<Record<string, string>>)[code] ?? code;

function AnnouncementItem({
  announcement: a,
  title,
  propertyValidationStatus,
  allowed,
  onDecide,
}: {
  announcement: ReviewAnnouncement;
  title: string;
  propertyValidationStatus: string;
  allowed: boolean;
  onDecide: (approve: boolean) => void;
}) {
  const hintId = useId();
  const can = announcementDecisions(a.statusCode, propertyValidationStatus);
  const canValidate = allowed && can.validate && can.propertyReady;
  const canReject = allowed && can.reject;
  const hint = !allowed
    ? t.noPermission
    : can.validate && !can.propertyReady
      ? t.propertyFirst
      : !can.validate && !can.reject
        ? t.nothingToDecide
        : null;
  const perMonth = isMonthlyKind(announcementKindOfType(a.typeCode));
  return (
    <li className="card stack vq-announcement">
      <div className="vq-announcement__head">
        <h3 className="vq-subtitle">{title}</h3>
        <span className={`badge vq-badge--${tone(a.statusCode)}`}>
          {announcementStatusLabel(a.statusCode)}
        </span>
      </div>
      <p className="muted text-sm">
        {typeLabel(a.typeCode)} · {t.price}: {formatEuros(a.price, perMonth)}
      </p>
      {a.statusReason && (
        <p className={tone(a.statusCode) === 'bad' ? 'alert alert--error' : 'muted text-sm'}>
          {t.reason(a.statusReason)}
        </p>
      )}
      {a.description && (
        <div className="stack vq-stack-sm">
          <h4 className="text-sm">{t.description}</h4>
          <p className="vq-description">{a.description}</p>
        </div>
      )}
      <div className="vq-actions" role="group" aria-label={t.announcementActions(title)}>
        <Button
          variant="primary"
          disabled={!canValidate}
          aria-describedby={hint ? hintId : undefined}
          onClick={() => onDecide(true)}
        >
          {t.validateAnnouncement}
        </Button>
        <Button
          variant="danger"
          disabled={!canReject}
          aria-describedby={hint ? hintId : undefined}
          onClick={() => onDecide(false)}
        >
          {t.rejectAnnouncement}
        </Button>
      </div>
      {hint && (
        <p id={hintId} className="muted text-sm">
          {hint}
        </p>
      )}
    </li>
  );
}

/** The property's announcements with their state and SPEC 4.5's two decisions each. */
export function ReviewAnnouncements({
  review,
  municipalityName,
  allowed,
  onDecide,
}: {
  review: PropertyReview;
  municipalityName: string | undefined;
  /** The agent holds the permission to decide on announcements. */
  allowed: boolean;
  onDecide: (announcement: ReviewAnnouncement, title: string, approve: boolean) => void;
}) {
  return (
    <section className="stack" aria-labelledby="vq-announcements-title">
      <h2 id="vq-announcements-title" className="card__title">
        {t.announcementsTitle}
      </h2>
      {review.announcements.length === 0 ? (
        <p className="muted">{t.announcementsEmpty}</p>
      ) : (
        <ul className="plain-list stack">
          {review.announcements.map((announcement) => {
            const title = announcementTitleOf(announcement, review, municipalityName);
            return (
              <AnnouncementItem
                key={announcement.id}
                announcement={announcement}
                title={title}
                propertyValidationStatus={review.validationStatus}
                allowed={allowed}
                onDecide={(approve) => onDecide(announcement, title, approve)}
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}
