import { useState } from 'react';
import { Link } from 'react-router';
import { coreErrorMessages } from '@casaoferta/domain/errors-core';
import { paths } from '../../../shared/paths';
import { ApiError } from '../../../shared/api/api-error';
import { QueryProvider } from '../../../shared/api/query-client';
import { buttonClassName } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pagination } from '../../../shared/ui/pagination';
import { Spinner } from '../../../shared/ui/spinner';
import { TextField } from '../../../shared/ui/text-field';
import { useDebouncedValue } from '../../../shared/use-debounced-value';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { QueueList } from '../components/queue-list';
import { validationTexts } from '../texts';
import { QUEUE_PAGE_SIZE, useValidationQueue } from '../validation-api';
import '../validation-queue.css';

const t = validationTexts.queue;

function ValidationQueue() {
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(input.trim(), 300);
  const query = useValidationQueue(search, page);
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / QUEUE_PAGE_SIZE)) : 1;
  // One clock for the whole page, taken when its data arrived: every card counts from the same moment.
  const now = query.dataUpdatedAt;

  return (
    <section className="stack" aria-labelledby="vq-list-title">
      <h2 id="vq-list-title" className="visually-hidden">
        {t.listLabel}
      </h2>
      <TextField
        label={t.searchLabel}
        hint={t.searchHint}
        type="search"
        name="q"
        autoComplete="off"
        maxLength={80}
        value={input}
        onChange={(event) => {
          setInput(event.target.value);
          setPage(1);
        }}
      />
      <p role="status" className="muted text-sm">
        {query.isFetching ? t.loading : query.data ? t.results(query.data.total) : ''}
      </p>
      {query.isPending && <Spinner block label={t.loading} />}
      {query.isError && !query.data && (
        <ErrorState
          title={t.errorTitle}
          description={
            query.error instanceof ApiError && query.error.status === 403
              ? coreErrorMessages.FORBIDDEN
              : undefined
          }
          onRetry={() => void query.refetch()}
        />
      )}
      {query.data && query.data.items.length === 0 && (
        <EmptyState title={t.emptyTitle} description={search ? t.emptySearch(search) : t.emptyAll} />
      )}
      {query.data && query.data.items.length > 0 && (
        <>
          <QueueList items={query.data.items} now={now} />
          <Pagination page={page} pages={pages} onChange={setPage} />
        </>
      )}
    </section>
  );
}

/** /agents-validation (agents only): what waits for a decision, oldest first. */
export default function ValidationQueuePage() {
  useDocumentTitle(t.documentTitle);
  return (
    <QueryProvider>
      <div className="page-narrow stack">
        <header className="vq-header">
          <h1 className="section__title">{t.title}</h1>
          <Link className={buttonClassName('ghost', 'sm')} to={paths.agentsMenu}>
            {t.backToMenu}
          </Link>
        </header>
        <p className="muted">{t.intro}</p>
        <ValidationQueue />
      </div>
    </QueryProvider>
  );
}
