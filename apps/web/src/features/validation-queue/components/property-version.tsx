import { formatDayTime } from '@casaoferta/domain/format';
import type { ImageDto, PropertyFieldValues } from '@casaoferta/domain/schemas/listings';
import type { PropertyReview } from '@casaoferta/domain/schemas/moderation';
import { timeAgo } from '../relative-time';
import { changedFields, fieldOrder, fieldText, photoChanges, type PlaceNames } from '../review-view';
import { validationTexts } from '../texts';

const t = validationTexts.review;
const fieldLabels = validationTexts.fields;

/** Photos as small thumbnails; `alt` names each one (they are what the agent reviews). */
function PhotoStrip({
  images,
  label,
  alt,
}: {
  images: readonly ImageDto[];
  label: string;
  alt: (n: number, total: number) => string;
}) {
  return (
    <ul className="plain-list vq-photos" aria-label={label}>
      {images.map((image, index) => (
        <li key={image.id} className="vq-photos__item" style={{ backgroundColor: image.color }}>
          <img
            src={image.thumb}
            alt={alt(index + 1, images.length)}
            width={image.width}
            height={image.height}
            loading="lazy"
            decoding="async"
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * The owner's pending (or refused) revision against the approved version: each changed field as
 * "antes → ahora", then the photos added and removed.
 */
export function RevisionChanges({
  review,
  places,
  now,
}: {
  review: PropertyReview;
  places: PlaceNames;
  now: number;
}) {
  const revision = review.pendingRevision;
  if (!revision) return null;
  const changed = changedFields(review.live, revision.fields);
  const photos = photoChanges(review.live.images, revision.images);
  return (
    <section className="card stack" aria-labelledby="vq-changes-title">
      <h2 id="vq-changes-title" className="card__title">
        {t.changesTitle}
      </h2>
      <p className="muted text-sm">
        {revision.status === 'pending' ? (
          <time dateTime={revision.submittedAt} title={formatDayTime(revision.submittedAt)}>
            {t.changesPending(timeAgo(revision.submittedAt, now))}
          </time>
        ) : (
          t.changesRejected(revision.reason)
        )}
      </p>
      {changed.length === 0 ? (
        <p>{t.changesNone}</p>
      ) : (
        <dl className="vq-changes">
          {changed.map((key) => (
            <div key={key} className="vq-changes__row">
              <dt>{fieldLabels[key]}</dt>
              <dd>
                <del className="vq-changes__old">
                  <span className="visually-hidden">{t.before}: </span>
                  {fieldText(key, review.live, places)}
                </del>
                <span aria-hidden="true"> → </span>
                <ins className="vq-changes__new">
                  <span className="visually-hidden">{t.after}: </span>
                  {fieldText(key, revision.fields, places)}
                </ins>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {photos.added.length > 0 && (
        <div className="stack vq-stack-sm">
          <h3 className="vq-subtitle">{t.photosAdded}</h3>
          <PhotoStrip
            images={photos.added}
            label={t.photosAdded}
            alt={(n, total) => `${t.photosAdded}: ${n} de ${total}`}
          />
        </div>
      )}
      {photos.removed.length > 0 && (
        <div className="stack vq-stack-sm">
          <h3 className="vq-subtitle">{t.photosRemoved}</h3>
          <PhotoStrip
            images={photos.removed}
            label={t.photosRemoved}
            alt={(n, total) => `${t.photosRemoved}: ${n} de ${total}`}
          />
        </div>
      )}
      {photos.reordered && <p className="text-sm">{t.photosReordered}</p>}
      {photos.added.length === 0 && photos.removed.length === 0 && !photos.reordered && (
        <p className="muted text-sm">{t.photosUnchanged}</p>
      )}
    </section>
  );
}

/** The approved version (or, for a property never approved, the data sent): every field and the photos. */
export function PropertyVersion({
  title,
  intro,
  fields,
  images,
  places,
}: {
  title: string;
  intro?: string;
  fields: PropertyFieldValues;
  images: readonly ImageDto[];
  places: PlaceNames;
}) {
  return (
    <section className="card stack" aria-labelledby="vq-version-title">
      <h2 id="vq-version-title" className="card__title">
        {title}
      </h2>
      {intro && <p className="muted text-sm">{intro}</p>}
      <dl className="vq-facts">
        {fieldOrder.map((key) => (
          <div key={key}>
            <dt>{fieldLabels[key]}</dt>
            <dd>{fieldText(key, fields, places)}</dd>
          </div>
        ))}
      </dl>
      <h3 className="vq-subtitle">{t.gallery}</h3>
      {images.length === 0 ? (
        <p className="muted text-sm">{t.galleryEmpty}</p>
      ) : (
        <PhotoStrip images={images} label={t.gallery} alt={t.photoAlt} />
      )}
    </section>
  );
}
