import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PropertyValidationStatus } from '@casaoferta/domain/codes';
import { QueryProvider } from '../../../app/query-client';
import { useProperty } from '../../../shared/api/use-property';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { PropertyWizard } from '../components/property-wizard';
import { ModerationNotice } from '../components/moderation-notice';
import { RejectionAlert } from '../components/rejection-alert';
import { draftFor } from '../draft-storage';
import { draftFields, hasDraftContent } from '../form-values';
import { valuesFromProperty } from '../property-values';
import { parseSection } from '../section';
import { propertyFormTexts as t } from '../texts';
import '../property-form.css';

function NewProperty({ propertyUuid }: { propertyUuid: string | undefined }) {
  const [search] = useSearchParams();
  const urlSection = parseSection(search.get('section'));
  const property = useProperty(propertyUuid);
  // Read once: what the owner left unsent on this page (a reload restores it).
  const [stored] = useState(() => draftFor(propertyUuid));
  const section = urlSection ?? stored?.section;

  const header = (
    <header className="stack property-form__header">
      <h1 className="section__title">{propertyUuid ? t.titleEdit : t.titleNew}</h1>
      {section && !propertyUuid && <p className="muted">{t.sectionIntro[section]}</p>}
    </header>
  );
  if (propertyUuid && property.isPending) {
    return (
      <div className="page-narrow stack">
        {header}
        <Spinner block />
      </div>
    );
  }
  if (propertyUuid && !property.data) {
    return (
      <div className="page-narrow stack">
        {header}
        <ErrorState title={t.loadError} onRetry={() => void property.refetch()} />
      </div>
    );
  }
  const owner = property.data?.owner;
  const initialValues = stored?.values ?? (property.data ? valuesFromProperty(property.data) : {});
  return (
    <div className="page-narrow stack">
      {header}
      {owner?.validationStatus === PropertyValidationStatus.Rejected && (
        <RejectionAlert reason={owner.validationReason} />
      )}
      {owner && <ModerationNotice owner={owner} />}
      <PropertyWizard
        initialId={propertyUuid ?? stored?.id ?? null}
        isNew={!propertyUuid}
        initialValues={initialValues}
        initialStep={stored?.step ?? 0}
        initialSection={section}
        askSection={!urlSection}
        restored={Boolean(stored && hasDraftContent(draftFields(stored.values)))}
        serverDrafts={!propertyUuid || owner?.validationStatus === PropertyValidationStatus.NotValidated}
      />
    </div>
  );
}

/**
 * /new-property/{propertyUuid?}?section=venta|alquiler|alquiler habitacion (logged users): the owner's
 * property form in four steps; with a property id it edits that property.
 */
export default function NewPropertyPage() {
  const { propertyUuid } = useParams();
  useDocumentTitle(propertyUuid ? t.titleEdit : t.documentTitle);
  return (
    <QueryProvider>
      <NewProperty key={propertyUuid ?? 'new'} propertyUuid={propertyUuid} />
    </QueryProvider>
  );
}
