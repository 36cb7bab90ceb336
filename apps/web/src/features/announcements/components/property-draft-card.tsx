import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { buttonClassName } from '../../../shared/ui/button';
import type { OwnerPropertySummary } from '../api/list-my-properties';
import { announcementTexts } from '../texts';
import { OwnerCardMedia } from './announcement-card';
import { DiscardPropertyDraft } from './discard-property-draft';

const t = announcementTexts.propertyDraft;
const card = announcementTexts.card;

export interface PropertyDraftCardProps {
  property: OwnerPropertySummary;
  onDiscarded: (propertyId: string) => void | Promise<void>;
}

/** A property the owner started and never sent to validation: continue it, or discard it. */
export function PropertyDraftCard({ property, onDiscarded }: PropertyDraftCardProps) {
  return (
    <li className="card ann-card">
      <OwnerCardMedia image={property.image} />
      <div className="ann-card__body stack">
        <div className="ann-card__head">
          <h2 className="ann-card__title">
            <Link to={paths.propertyDetail(property.id)}>{property.title}</Link>
          </h2>
          <span className="badge ann-badge ann-badge--wait">{t.badge}</span>
        </div>
        <p className="muted text-sm">{card.reference(property.reference)}</p>
        <p>{t.note}</p>
        <div className="actions ann-actions" role="group" aria-label={card.actionsLabel(property.title)}>
          <Link className={buttonClassName('secondary', 'sm')} to={paths.editProperty(property.id)}>
            {t.continue}
          </Link>
          {property.canDiscard && (
            <DiscardPropertyDraft propertyId={property.id} title={property.title} onDiscarded={onDiscarded} />
          )}
        </div>
      </div>
    </li>
  );
}
