import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PropertyValidationStatus } from '@casaoferta/domain/codes';
import { paths } from '../../../shared/paths';
import { QueryProvider } from '../../../shared/api/query-client';
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

interface NewPropertyProps {
  propertyUuid: string | undefined;
  onDraftId: (id: string | null) => void;
  onSent: () => void;
}

function NewProperty({ propertyUuid, onDraftId, onSent }: NewPropertyProps) {
  const [search] = useSearchParams();
  const urlSection = parseSection(search.get('section'));
  const property = useProperty(propertyUuid);
  // Read once: what the owner left unsent on this page (a reload restores it).
  const [stored] = useState(() => draftFor(propertyUuid));
  const section = urlSection ?? stored?.section;
  // A property being created here: new, or this browser's draft of it (reloaded at /new-property/{id}).
  const creating = !propertyUuid || stored?.isNew === true;
  useDocumentTitle(creating ? t.documentTitle : t.titleEdit);

  const header = (
    <header className="stack property-form__header">
      <h1 className="section__title">{creating ? t.titleNew : t.titleEdit}</h1>
      {section && creating && <p className="muted">{t.sectionIntro[section]}</p>}
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
        isNew={creating}
        initialValues={initialValues}
        initialStep={stored?.step ?? 0}
        initialSection={section}
        askSection={!urlSection}
        restored={Boolean(stored && hasDraftContent(draftFields(stored.values)))}
        serverDrafts={!propertyUuid || owner?.validationStatus === PropertyValidationStatus.NotValidated}
        onDraftId={onDraftId}
        onSent={onSent}
      />
    </div>
  );
}

/**
 * /new-property/{propertyUuid?}?section=venta|alquiler|alquiler habitacion (logged users): the owner's
 * property form in four steps; with a property id it edits that property. Once a new property's draft
 * is saved its id replaces the URL (/new-property/{id}), so the browser's Back comes back to that
 * draft instead of a blank form that would make a second one.
 *
 * Once sent, the router keeps this page on screen until the announcement form's code has arrived (a
 * lazy page, rendered in a transition). A Back in that time abandons that navigation and returns to
 * this page's own entry: the form is then opened afresh, as the edit of the property just sent (it
 * would otherwise stay as it was, a create form still titled as one).
 */
export default function NewPropertyPage() {
  const { propertyUuid } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // The draft this form created: its id in the URL does not load the form again.
  const [created, setCreated] = useState<string | null>(null);
  const loadId = propertyUuid === created ? undefined : propertyUuid;
  // Sent, and the next page not shown yet: the browser's Back opens the form again (a new round).
  const [sent, setSent] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!sent) return;
    // A discrete event: rendered at once, not held back with the pending navigation's transition.
    const reopen = () => {
      setSent(false);
      setCreated(null);
      setRound((value) => value + 1);
    };
    window.addEventListener('popstate', reopen);
    return () => window.removeEventListener('popstate', reopen);
  }, [sent]);
  const onSent = useCallback(() => setSent(true), []);
  const query = search.toString();
  const onDraftId = useCallback(
    (id: string | null) => {
      if ((id ?? undefined) === propertyUuid) return;
      setCreated(id);
      const path = id ? paths.editProperty(id) : paths.newProperty();
      void navigate(query ? `${path}?${query}` : path, { replace: true });
    },
    [navigate, propertyUuid, query],
  );
  return (
    <QueryProvider>
      <NewProperty
        key={`${loadId ?? 'new'}:${round}`}
        propertyUuid={loadId}
        onDraftId={onDraftId}
        onSent={onSent}
      />
    </QueryProvider>
  );
}
