import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { coreErrorMessages } from '@casaoferta/domain/errors-core';
import { paths } from '../../../shared/paths';
import { ApiError } from '../../../shared/api/api-error';
import { QueryProvider } from '../../../shared/api/query-client';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { TextField } from '../../../shared/ui/text-field';
import { useDebouncedValue } from '../../../shared/use-debounced-value';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { QueueList } from '../components/queue-list';
import { validationTexts } from '../texts';
import { useValidationQueue } from '../validation-api';
import '../validation-queue.css';

const t = validationTexts.queue;

function ValidationQueue() {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 300);
  const query = useValidationQueue(search);
  const pages = query.data?.pages;
  const first = pages?.[0];
  const items = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);
  // One clock for the whole list, taken when its data arrived: every card counts from the same moment.
  const now = query.dataUpdatedAt;
  const listRef = useRef<HTMLUListElement>(null);
  // After 'Cargar más', the focus moves to the first card it brought (keyboard users go on from there).
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || items.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLAnchorElement>('.vq-card__link')[from]?.focus();
  }, [items.length]);

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
        onChange={(event) => setInput(event.target.value)}
      />
      <p role="status" className="muted text-sm">
        {query.isFetching && !query.isFetchingNextPage
          ? t.loading
          : first
            ? t.results(first.total, first.totalCapped)
            : ''}
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
      {query.data && items.length === 0 && (
        <EmptyState title={t.emptyTitle} description={search ? t.emptySearch(search) : t.emptyAll} />
      )}
      {items.length > 0 && (
        <>
          <QueueList items={items} now={now} listRef={listRef} />
          {query.isFetchNextPageError && (
            <p className="alert alert--error" role="alert">
              {t.loadMoreError}
            </p>
          )}
          {query.hasNextPage && (
            <Button
              variant="secondary"
              className="vq-more"
              loading={query.isFetchingNextPage}
              onClick={() => {
                focusFrom.current = items.length;
                void query.fetchNextPage();
              }}
            >
              {t.loadMore}
            </Button>
          )}
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
