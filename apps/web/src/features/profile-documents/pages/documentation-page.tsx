import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { QueryProvider } from '../../../shared/api/query-client';
import { loadMasters } from '../../../shared/api/masters-cache';
import { paths } from '../../../shared/paths';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { useRefreshDocuments } from '../api/mutations';
import { useTenantProfile } from '../api/queries';
import { DocumentSection } from '../components/document-section';
import { DownloadsLog } from '../components/downloads-log';
import { WhyDocuments } from '../components/why-documents';
import { documentSections } from '../documents';
import { profileDocumentsTexts as t } from '../texts';
import '../profile-documents.css';

function Documentation() {
  const profile = useTenantProfile();
  const refresh = useRefreshDocuments();
  const [announcement, setAnnouncement] = useState('');
  const uploaded = useCallback(
    (fileName: string) => {
      setAnnouncement(t.upload.done(fileName));
      void refresh();
    },
    [refresh],
  );

  if (profile.isPending) return <Spinner block />;
  if (profile.isError) return <ErrorState title={t.loadErrorTitle} onRetry={() => void profile.refetch()} />;
  const sections = documentSections(profile.data);
  return (
    <>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {sections.map((section) => (
        <DocumentSection key={section.key} section={section} onUploaded={uploaded} />
      ))}
      {sections.length === 1 && <p className="muted text-sm">{t.sections.noPeople}</p>}
      <DownloadsLog />
    </>
  );
}

/** /profile/documentation: the tenant's documents, those of co-holders and guarantors, and the downloads log. */
export default function DocumentationPage() {
  useDocumentTitle(t.documentTitle);
  // The errors' texts of master data: a refused upload reads as the server words it.
  useEffect(() => {
    loadMasters().catch(() => null);
  }, []);
  return (
    <QueryProvider>
      <div className="page-narrow pd-page">
        <header className="pd-page__head">
          <p>
            <Link to={paths.profile}>{t.backToProfile}</Link>
          </p>
          <h1 className="section__title">{t.title}</h1>
          <p className="muted">{t.intro}</p>
          <div>
            <WhyDocuments />
          </div>
        </header>
        <Documentation />
      </div>
    </QueryProvider>
  );
}
