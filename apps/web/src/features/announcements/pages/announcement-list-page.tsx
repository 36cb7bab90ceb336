import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
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
  // Every property with a step of its own gets a card (issue 23: none is left out of Mis anuncios).
  const ownSteps = (properties.data ?? []).filter((property) => property.nextAnnouncementId === null);
  // The discarded card (and the button that had focus) goes with the refresh: focus the page title.
  const onPropertyDiscarded = async () => {
    await client.invalidateQueries({ queryKey: announcementKeys.all });
    focusTitle();
  };
  // Both lists before the tabs: the tab opened first and the counts include the properties' cards.
  if (query.isPending || properties.isPending) return <Spinner block />;
  if (query.isError) return <ErrorState title={t.loadErrorTitle} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0 && ownSteps.length === 0) {
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
      properties={properties.data ?? []}
      onPropertyDiscarded={onPropertyDiscarded}
    />
  );
}

/**
 * /announcement-list 'Mis anuncios': the owner's announcements by status, with their actions, and every
 * property whose next step is its own (not sent, in validation, rejected, validated without an
 * announcement) in the tab the API gives it (issue 23).
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
