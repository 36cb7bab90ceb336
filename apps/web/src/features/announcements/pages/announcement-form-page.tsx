import { useCallback, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { AnnouncementStatus, PropertyValidationStatus } from '@casaoferta/domain/codes';
import { QueryProvider } from '../../../shared/api/query-client';
import { paths } from '../../../shared/paths';
import { useProperty } from '../../../shared/api/use-property';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { useAnnouncement } from '../api/get-announcement';
import { useMyAnnouncements } from '../api/list-my-announcements';
import { useMyProperties } from '../api/list-my-properties';
import type { OwnerPropertySummary } from '../api/list-my-properties';
import { RentalForm, RoomRentalForm, SaleForm } from '../components/form/kind-forms';
import { automaticTitle } from '../automatic-title';
import { asString, readerOf } from '../form/form-values';
import { announcementKindOfType, type AnnouncementKind } from '@casaoferta/domain/announcement-kind';
import { announcementTexts } from '../texts';
import '../announcements.css';

const t = announcementTexts.form;
const forms = { sale: SaleForm, rental: RentalForm, room: RoomRentalForm } as const;

function PropertyNote({ property }: { property: OwnerPropertySummary | undefined }) {
  if (!property || property.validationStatus === PropertyValidationStatus.Validated) return null;
  if (property.validationStatus === PropertyValidationStatus.Rejected) {
    return <p className="alert alert--error">{t.propertyRejected(property.validationReason ?? '')}</p>;
  }
  return <p className="alert">{t.propertyPending}</p>;
}

function FormLoader({ kind }: { kind: AnnouncementKind }) {
  const { propertyUuid = '', announcementUuid } = useParams();
  const navigate = useNavigate();
  // Drafts created here move the URL to /…/{id}; that id is not loaded again (the form already has it).
  const [createdIds, setCreatedIds] = useState<readonly string[]>([]);
  const loadId = announcementUuid && !createdIds.includes(announcementUuid) ? announcementUuid : undefined;
  const announcement = useAnnouncement(loadId);
  // Only a new form looks for a draft to continue.
  const mine = useMyAnnouncements({ enabled: !announcementUuid });
  const properties = useMyProperties();
  const page = useProperty(propertyUuid);
  const onDraftCreated = useCallback(
    (id: string) => {
      setCreatedIds((ids) => [...ids, id]);
      void navigate(paths.newAnnouncement(kind, propertyUuid, id), { replace: true });
    },
    [kind, navigate, propertyUuid],
  );

  if (!propertyUuid) return <Navigate to={paths.notFound} replace />;
  if (!announcementUuid) {
    // One draft per property and kind: a new form of a kind the property already has a draft of
    // (opened again from the property's page, or after the browser's Back) continues that draft.
    if (mine.isPending) return <Spinner block />;
    const draft = mine.data?.find(
      (item) =>
        item.propertyId === propertyUuid &&
        item.statusCode === AnnouncementStatus.Draft &&
        announcementKindOfType(item.typeCode) === kind,
    );
    if (draft) return <Navigate to={paths.newAnnouncement(kind, propertyUuid, draft.id)} replace />;
  }
  if (loadId && announcement.isPending) return <Spinner block />;
  if (loadId && announcement.isError) {
    return <ErrorState title={t.loadErrorTitle} onRetry={() => void announcement.refetch()} />;
  }
  const data = loadId ? announcement.data : undefined;
  if (data && announcementKindOfType(data.typeCode) !== kind) {
    return (
      <Navigate
        to={paths.newAnnouncement(announcementKindOfType(data.typeCode), data.propertyId, data.id)}
        replace
      />
    );
  }
  const propertyId = data?.propertyId ?? propertyUuid;
  const property = properties.data?.find((item) => item.id === propertyId);
  const hasCustomTitle = Boolean(asString(readerOf(data)('customTitle')));
  const computedTitle =
    page.data && automaticTitle(kind, page.data.propertyTypeCode, page.data.municipalityName);
  const placeholder = data && !hasCustomTitle ? data.title : computedTitle;
  const KindForm = forms[kind];
  return (
    <>
      {property && <p className="muted">{t.propertyLine(property.title, property.reference)}</p>}
      <PropertyNote property={property} />
      <KindForm
        key={`${propertyId}:${loadId ?? 'new'}`}
        propertyId={propertyId}
        announcement={data}
        automaticTitle={placeholder || undefined}
        onDraftCreated={onDraftCreated}
      />
    </>
  );
}

/** The announcement form of a kind: /new-announcement-{venta|alquiler|alquiler-habitacion}/:propertyUuid/:announcementUuid? */
export function AnnouncementFormPage({ kind }: { kind: AnnouncementKind }) {
  useDocumentTitle(t.documentTitle[kind]);
  return (
    <QueryProvider>
      <div className="page-narrow stack">
        <h1 className="section__title ann-title">{t.heading[kind]}</h1>
        <FormLoader kind={kind} />
      </div>
    </QueryProvider>
  );
}
