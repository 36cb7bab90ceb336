import type { PropertyPage } from '@casaoferta/domain/schemas/listings';
import { editsAreModerated } from '@casaoferta/domain/rules/announcement-lifecycle';
import { propertyFormTexts } from '../texts';

const t = propertyFormTexts.moderation;

/**
 * At the top of the form of a validated property, before anything is sent: the changes (photos
 * included) wait for an agent, and a live announcement keeps showing the approved data meanwhile.
 * Also says whether the last changes wait for review or were refused (decision 011).
 */
export function ModerationNotice({ owner }: { owner: NonNullable<PropertyPage['owner']> }) {
  if (!editsAreModerated(owner.validationStatus)) return null;
  const revision = owner.pendingRevision;
  return (
    <div className="alert property-form__notice">
      <p>
        <strong>{owner.live ? t.live : t.validated}</strong>
      </p>
      <p>{t.photos}</p>
      {revision?.status === 'pending' && <p>{t.pending}</p>}
      {revision?.status === 'rejected' && <p className="field__error">{t.rejected(revision.reason)}</p>}
    </div>
  );
}
