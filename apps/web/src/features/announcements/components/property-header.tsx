import { Link } from 'react-router';
import { PropertyValidationStatus } from '@casaoferta/domain/codes';
import type { PropertyPage } from '@casaoferta/domain/schemas/listings';
import { paths } from '../../../shared/paths';
import { buttonClassName } from '../../../shared/ui/button';
import type { OwnerPropertySummary } from '../api/list-my-properties';
import { validationLabel, validationTone } from '../status';
import { announcementTexts } from '../texts';
import { DiscardPropertyDraft } from './discard-property-draft';

const t = announcementTexts.property;

export interface PropertyHeaderProps {
  property: PropertyPage;
  /** The same property in GET /api/announcement/properties: title, and validation when `owner` lacks it. */
  summary: OwnerPropertySummary | undefined;
  /** After 'Descartar borrador' (offered while `summary.canDiscard`): the property is gone. */
  onDiscarded: (propertyId: string) => void | Promise<void>;
}

function addressOf(property: PropertyPage): string {
  const street = [property.street, property.owner?.streetNumber].filter(Boolean).join(' ');
  const place = property.municipalityName
    ? `${property.municipalityName}${property.provinceName ? ` (${property.provinceName})` : ''}`
    : property.provinceName;
  return [street, place].filter(Boolean).join(', ');
}

/** Owner's header of /property-detail: photo, reference, address and validation (with the reason). */
export function PropertyHeader({ property, summary, onDiscarded }: PropertyHeaderProps) {
  const status =
    property.owner?.validationStatus ?? summary?.validationStatus ?? PropertyValidationStatus.NotValidated;
  const reason = property.owner?.validationReason ?? summary?.validationReason ?? null;
  const revision = property.owner?.pendingRevision;
  const photo = property.images[0]?.card ?? summary?.image ?? null;
  const title = summary?.title ?? addressOf(property);
  return (
    <div className="card ann-property">
      <div className={photo ? 'ann-card__media' : 'ann-card__media ann-card__media--empty'}>
        {photo ? <img src={photo} alt="" /> : <span className="ann-card__nophoto">{t.noPhoto}</span>}
      </div>
      <div className="stack">
        <h1 className="section__title ann-title">{title}</h1>
        <p className="muted">
          {t.reference(property.reference)} · {addressOf(property)}
        </p>
        <p>
          {t.validation}:{' '}
          <span className={`badge ann-badge ann-badge--${validationTone(status)}`}>
            {validationLabel(status)}
          </span>
        </p>
        {status === PropertyValidationStatus.Rejected && (
          <p className="alert alert--error">{t.rejectedReason(reason)}</p>
        )}
        {(status === PropertyValidationStatus.NotValidated ||
          status === PropertyValidationStatus.PendingValidation) && <p className="alert">{t.pendingNote}</p>}
        {revision?.status === 'pending' && <p className="alert">{t.revisionPending}</p>}
        {revision?.status === 'rejected' && (
          <p className="alert alert--error">{t.revisionRejected(revision.reason)}</p>
        )}
        <div className="actions">
          <Link className={buttonClassName('secondary', 'sm')} to={paths.editProperty(property.id)}>
            {t.edit}
          </Link>
          {property.owner?.live && (
            <Link className={buttonClassName('secondary', 'sm')} to={paths.property(property.id)}>
              {t.viewPublished}
            </Link>
          )}
          {summary?.canDiscard && (
            <DiscardPropertyDraft propertyId={property.id} title={title} onDiscarded={onDiscarded} />
          )}
        </div>
      </div>
    </div>
  );
}
