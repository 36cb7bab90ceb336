import { useId, useState } from 'react';
import { Link } from 'react-router';
import { announcementKinds } from '@casaoferta/domain/announcement-kind';
import type { OwnerNextStep } from '@casaoferta/domain/rules/owner-next-step';
import { paths } from '../../../shared/paths';
import { Button, buttonClassName } from '../../../shared/ui/button';
import type { OwnerPropertySummary } from '../api/list-my-properties';
import { announcementTexts } from '../texts';
import { OwnerCardMedia } from './announcement-card';
import { DiscardPropertyDraft } from './discard-property-draft';

const t = announcementTexts.propertyStep;
const card = announcementTexts.card;

type OwnStep = keyof typeof t.badge;
const isOwnStep = (step: OwnerNextStep): step is OwnStep => step in t.badge;

const tone: Record<OwnStep, 'wait' | 'good' | 'bad'> = {
  continueProperty: 'wait',
  propertyInValidation: 'wait',
  correctProperty: 'bad',
  createAnnouncement: 'good',
};

/**
 * 'Crear el anuncio' (or 'Preparar el anuncio' while the property is in validation): the property does
 * not say which kind the owner wants, so the button opens the three kinds, each the announcement form.
 */
function CreateAnnouncement({ propertyId, label }: { propertyId: string; label: string }) {
  const [open, setOpen] = useState(false);
  const kindsId = useId();
  return (
    <>
      <Button
        size="sm"
        aria-expanded={open}
        aria-controls={open ? kindsId : undefined}
        onClick={() => setOpen(!open)}
      >
        {label}
      </Button>
      {open && (
        <div id={kindsId} className="actions ann-kinds" role="group" aria-label={t.kindsLabel}>
          {announcementKinds.map((kind) => (
            <Link
              key={kind}
              className={buttonClassName('secondary', 'sm')}
              to={paths.newAnnouncement(kind, propertyId)}
            >
              {t.kinds[kind]}
            </Link>
          ))}
        </div>
      )}
    </>
  );
}

export interface PropertyStepCardProps {
  property: OwnerPropertySummary;
  onDiscarded: (propertyId: string) => void | Promise<void>;
}

/**
 * A property whose next step is its own (issue 23): never sent ('Continuar', or discard it), in
 * validation ('En validación'), rejected ('Corregir'), or validated without any announcement
 * ('Validado: crea el anuncio'). A step of an announcement is on that announcement's card instead.
 */
export function PropertyStepCard({ property, onDiscarded }: PropertyStepCardProps) {
  const step = property.nextStep;
  const own = isOwnStep(step) ? step : null;
  const noAnnouncement = property.announcements === 0;
  return (
    <li className="card ann-card">
      <OwnerCardMedia image={property.image} />
      <div className="ann-card__body stack">
        <div className="ann-card__head">
          <h2 className="ann-card__title">
            <Link to={paths.propertyDetail(property.id)}>{property.title}</Link>
          </h2>
          {own && <span className={`badge ann-badge ann-badge--${tone[own]}`}>{t.badge[own]}</span>}
        </div>
        <p className="muted text-sm">{card.reference(property.reference)}</p>
        {step === 'continueProperty' && <p>{t.note.continueProperty}</p>}
        {step === 'propertyInValidation' && (
          <p>{noAnnouncement ? t.note.propertyInValidation : t.note.propertyInValidationWithAnnouncement}</p>
        )}
        {step === 'createAnnouncement' && <p>{t.note.createAnnouncement}</p>}
        {step === 'correctProperty' && (
          <p className="alert alert--error">{card.propertyRejected(property.validationReason)}</p>
        )}
        <div className="actions ann-actions" role="group" aria-label={card.actionsLabel(property.title)}>
          {(step === 'continueProperty' || step === 'correctProperty') && (
            <Link
              className={buttonClassName(step === 'correctProperty' ? 'primary' : 'secondary', 'sm')}
              to={paths.editProperty(property.id)}
            >
              {step === 'correctProperty' ? t.correct : t.continue}
            </Link>
          )}
          {step === 'createAnnouncement' && <CreateAnnouncement propertyId={property.id} label={t.create} />}
          {step === 'propertyInValidation' && noAnnouncement && (
            <CreateAnnouncement propertyId={property.id} label={t.prepare} />
          )}
          {!own && (
            <Link className={buttonClassName('secondary', 'sm')} to={paths.propertyDetail(property.id)}>
              {t.viewProperty}
            </Link>
          )}
          {property.canDiscard && (
            <DiscardPropertyDraft propertyId={property.id} title={property.title} onDiscarded={onDiscarded} />
          )}
        </div>
      </div>
    </li>
  );
}
