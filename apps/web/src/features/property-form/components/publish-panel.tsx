import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PropertyValidationStatus } from '@casaoferta/domain/codes';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import { paths } from '../../../shared/paths';
import { ApiError } from '../../../shared/api/api-error';
import { errorText } from '../../../shared/api/error-text';
import { cachedExceptionAttributes } from '../../../shared/api/masters-cache';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { CheckCircleIcon } from '../../../shared/ui/icons';
import { usePublishAnnouncement } from '../api/publish-announcement';
import { announcementKindOfType } from '@casaoferta/domain/announcement-kind';
import { propertyFormTexts } from '../texts';

const t = propertyFormTexts.publication;
const validated: string = PropertyValidationStatus.Validated;
const inValidation: string = PropertyValidationStatus.PendingValidation;

/**
 * After publishing: the announcement waits for review (with its property when that one is still in
 * validation: issue 23 point 6). Focus moves to the message.
 */
function Published({ together }: { together: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="state">
      <div className="state__icon" aria-hidden="true">
        <CheckCircleIcon size={32} />
      </div>
      <h2 ref={ref} tabIndex={-1} className="state__title">
        {together ? t.successTogether : t.success}
      </h2>
      <div className="state__action">
        <Link className={buttonClassName('primary')} to={paths.announcementList}>
          {t.goToList}
        </Link>
      </div>
    </div>
  );
}

/**
 * 'Publicar anuncio' (when actions.canPublish) and what happens then, or the reason it cannot be
 * published yet; 'Editar anuncio' goes back to the form; after publishing, the success state.
 */
export function PublishPanel({
  announcement,
  propertyValidationStatus = announcement.propertyValidationStatus,
}: {
  announcement: OwnerAnnouncement;
  /** The property's status as the page read it (its own read is the newer one). */
  propertyValidationStatus?: string;
}) {
  const publish = usePublishAnnouncement(announcement.id);
  // Sent while the property is in validation: our team decides both in one review (decision 028).
  const together = propertyValidationStatus === inValidation;
  if (publish.isSuccess) return <Published together={together} />;
  const error = publish.error instanceof ApiError ? publish.error : null;
  const notValidated = error?.code === 'PROPERTY_NOT_VALIDATED';
  return (
    <div className="stack">
      {error && error.status !== 401 && (
        <div className="alert alert--error" role="alert">
          <p>{errorText(error.code, cachedExceptionAttributes())}</p>
          {notValidated && <p>{t.within24h}</p>}
        </div>
      )}
      {!announcement.actions.canPublish && !error && announcement.propertyValidationStatus !== validated && (
        <p className="alert">
          {t.cannotPublish} {t.within24h}
        </p>
      )}
      {announcement.actions.canPublish && !error && (
        <p className="muted">{together ? t.nextTogether : t.next}</p>
      )}
      <div className="actions">
        <Button
          size="lg"
          disabled={!announcement.actions.canPublish}
          loading={publish.isPending}
          onClick={() => publish.mutate()}
        >
          {t.publish}
        </Button>
        {announcement.actions.canEdit && (
          <Link
            className={buttonClassName('secondary', 'lg')}
            to={paths.newAnnouncement(
              announcementKindOfType(announcement.typeCode),
              announcement.propertyId,
              announcement.id,
            )}
          >
            {t.edit}
          </Link>
        )}
      </div>
    </div>
  );
}
