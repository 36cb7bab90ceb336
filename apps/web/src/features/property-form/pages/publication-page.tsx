import { useSearchParams } from 'react-router';
import { QueryProvider } from '../../../shared/api/query-client';
import { useProperty } from '../../../shared/api/use-property';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { useOwnerAnnouncement } from '../api/get-owner-announcement';
import { AnnouncementSummary } from '../components/announcement-summary';
import { PropertyOverview } from '../components/property-overview';
import { PublishPanel } from '../components/publish-panel';
import { ValidationState } from '../components/validation-state';
import { propertyFormTexts } from '../texts';
import '../property-form.css';

const t = propertyFormTexts.publication;

function Publication({ announcementId }: { announcementId: string }) {
  const announcement = useOwnerAnnouncement(announcementId);
  const property = useProperty(announcement.data?.propertyId);
  if (announcement.isError || property.isError) {
    const retry = () => void (announcement.isError ? announcement.refetch() : property.refetch());
    return <ErrorState title={t.loadError} onRetry={retry} />;
  }
  if (!announcement.data || !property.data) return <Spinner block />;
  const owner = property.data.owner;
  const status = owner?.validationStatus ?? announcement.data.propertyValidationStatus;
  return (
    <>
      <PropertyOverview property={property.data} />
      <AnnouncementSummary announcement={announcement.data} />
      <ValidationState
        status={status}
        reason={owner?.validationReason ?? announcement.data.propertyValidationReason}
      />
      <PublishPanel announcement={announcement.data} propertyValidationStatus={status} />
    </>
  );
}

/** /new-property-publication?announcementId=… (logged users): review the property and announcement, publish. */
export default function PublicationPage() {
  useDocumentTitle(t.documentTitle);
  const [search] = useSearchParams();
  const announcementId = search.get('announcementId');
  return (
    <QueryProvider>
      <div className="page-narrow stack property-publication">
        <h1 className="section__title">{t.title}</h1>
        {announcementId ? (
          <Publication key={announcementId} announcementId={announcementId} />
        ) : (
          <EmptyState title={t.missingId} />
        )}
      </div>
    </QueryProvider>
  );
}
