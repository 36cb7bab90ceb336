import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryProvider } from '../../../shared/api/query-client';
import { ApiError } from '../../../shared/api/api-error';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { OutboxTable } from '../components/outbox-table';
import { takeDevToolsToken } from '../../../shared/dev-tools-token';
import { fetchOutbox } from '../outbox';
import { devTexts as t } from '../texts';

export const OUTBOX_REFRESH_MS = 3000;

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

function Outbox() {
  const [token] = useState(takeDevToolsToken);
  const query = useQuery({
    queryKey: ['dev-outbox', token],
    queryFn: ({ signal }) => fetchOutbox(token, signal),
    refetchInterval: (current) => (isNotFound(current.state.error) ? false : OUTBOX_REFRESH_MS),
  });
  return (
    <div className="page stack">
      <h1 className="section__title">{t.title}</h1>
      <p className="muted">{t.lead}</p>
      {query.isPending && <Spinner block />}
      {query.isError && isNotFound(query.error) && <EmptyState title={t.unavailable} />}
      {query.isError && !isNotFound(query.error) && !query.data && (
        <ErrorState title={t.loadErrorTitle} onRetry={() => void query.refetch()} />
      )}
      {query.data && query.data.length === 0 && <EmptyState title={t.empty} />}
      {query.data && query.data.length > 0 && <OutboxTable messages={query.data} />}
    </div>
  );
}

/** /dev/outbox: messages the API "sent", newest first, refreshed every 3 s (not in production). */
export default function DevOutboxPage() {
  useDocumentTitle(t.documentTitle);
  return (
    <QueryProvider>
      <Outbox />
    </QueryProvider>
  );
}
