import { QueryProvider } from '../../../app/query-client';
import { openPublishChooser } from '../../../app/shell/shell-state';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { useMyAnnouncements } from '../api/list-my-announcements';
import { AnnouncementTabs } from '../components/announcement-tabs';
import { announcementTexts } from '../texts';
import '../announcements.css';

const t = announcementTexts.list;

function MyAnnouncements() {
  const query = useMyAnnouncements();
  if (query.isPending) return <Spinner block />;
  if (query.isError) return <ErrorState title={t.loadErrorTitle} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <EmptyState
        title={t.emptyTitle}
        description={t.emptyText}
        action={<Button onClick={openPublishChooser}>{t.publish}</Button>}
      />
    );
  }
  return <AnnouncementTabs announcements={query.data} />;
}

/** /announcement-list 'Mis anuncios': the owner's announcements by status, with their actions. */
export default function AnnouncementListPage() {
  useDocumentTitle(t.documentTitle);
  return (
    <QueryProvider>
      <div className="page stack">
        <h1 className="section__title ann-title">{t.title}</h1>
        <MyAnnouncements />
      </div>
    </QueryProvider>
  );
}
