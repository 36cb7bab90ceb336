import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PropertyValidationStatus } from '@casaoferta/domain/codes';
import { QueryProvider } from '../../../shared/api/query-client';
import { openPublishChooser } from '../../../shared/shell-state';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { announcementKeys } from '../api/keys';
import { useMyAnnouncements } from '../api/list-my-announcements';
import { useMyProperties } from '../api/list-my-properties';
import { AnnouncementTabs } from '../components/announcement-tabs';
import { announcementTexts } from '../texts';
import '../announcements.css';

const t = announcementTexts.list;

function MyAnnouncements({ focusTitle }: { focusTitle: () => void }) {
  const client = useQueryClient();
  const query = useMyAnnouncements();
  const properties = useMyProperties();
  const propertyDrafts = (properties.data ?? []).filter(
    (property) => property.validationStatus === PropertyValidationStatus.NotValidated,
  );
  // The discarded card (and the button that had focus) goes with the refresh: focus the page title.
  const onPropertyDiscarded = async () => {
    await client.invalidateQueries({ queryKey: announcementKeys.all });
    focusTitle();
  };
  if (query.isPending) return <Spinner block />;
  if (query.isError) return <ErrorState title={t.loadErrorTitle} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0 && propertyDrafts.length === 0) {
    if (properties.isPending) return <Spinner block />;
    return (
      <EmptyState
        title={t.emptyTitle}
        description={t.emptyText}
        action={<Button onClick={openPublishChooser}>{t.publish}</Button>}
      />
    );
  }
  return (
    <AnnouncementTabs
      announcements={query.data}
      propertyDrafts={propertyDrafts}
      onPropertyDiscarded={onPropertyDiscarded}
    />
  );
}

/**
 * /announcement-list 'Mis anuncios': the owner's announcements by status, with their actions, and under
 * Borradores the properties never sent to validation.
 */
export default function AnnouncementListPage() {
  useDocumentTitle(t.documentTitle);
  const titleRef = useRef<HTMLHeadingElement>(null);
  return (
    <QueryProvider>
      <div className="page stack">
        <h1 ref={titleRef} tabIndex={-1} className="section__title ann-title">
          {t.title}
        </h1>
        <MyAnnouncements focusTitle={() => titleRef.current?.focus()} />
      </div>
    </QueryProvider>
  );
}
