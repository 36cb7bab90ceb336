import { useId, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pagination } from '../../../shared/ui/pagination';
import { Spinner } from '../../../shared/ui/spinner';

export interface PagedResultsProps<T> {
  query: UseQueryResult<{ items: T[]; total: number }>;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  texts: { listLabel: string; errorTitle: string; empty: string; results: (total: number) => string };
  children: (item: T) => ReactNode;
}

/** The agents' paginated lists (messages, audit log): loading, error, count, items or empty, pages. */
export function PagedResults<T>({ query, pageSize, page, onPage, texts, children }: PagedResultsProps<T>) {
  const titleId = useId();
  if (query.isPending) return <Spinner block />;
  if (query.isError) return <ErrorState title={texts.errorTitle} onRetry={() => void query.refetch()} />;
  const { items, total } = query.data;
  return (
    <section className="stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        {texts.listLabel}
      </h2>
      <p role="status">{texts.results(total)}</p>
      {items.length === 0 ? (
        <p>{texts.empty}</p>
      ) : (
        <ul className="stack agents-messages">{items.map(children)}</ul>
      )}
      <Pagination page={page} pages={Math.max(1, Math.ceil(total / pageSize))} onChange={onPage} />
    </section>
  );
}
