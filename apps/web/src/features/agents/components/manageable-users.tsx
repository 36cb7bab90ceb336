import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Pagination } from '../../../shared/ui/pagination';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { TextField } from '../../../shared/ui/text-field';
import { useDebouncedValue } from '../../../shared/use-debounced-value';
import { PAGE_SIZE, fetchManageableUsers } from '../agents-api';
import type { ManageableUser } from '../agents-api';
import { agentTexts } from '../texts';
import { UserList } from './user-list';

const t = agentTexts.menu;

/** Debounced search and the paginated list of users an agent can act as. */
export function ManageableUsers({ onActAs }: { onActAs: (user: ManageableUser) => void }) {
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(input.trim(), 300);
  const query = useQuery({
    queryKey: ['manageable-users', search, page],
    queryFn: ({ signal }) => fetchManageableUsers({ search, page }, signal),
    placeholderData: keepPreviousData,
  });
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / PAGE_SIZE)) : 1;

  return (
    <section className="stack" aria-labelledby="agents-users-title">
      <h2 id="agents-users-title" className="visually-hidden">
        {t.listLabel}
      </h2>
      <TextField
        label={t.searchLabel}
        hint={t.searchHint}
        type="search"
        name="search"
        autoComplete="off"
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
        <ErrorState title={t.errorTitle} onRetry={() => void query.refetch()} />
      )}
      {query.data && query.data.items.length === 0 && (
        <EmptyState title={t.emptyTitle} description={search ? t.emptySearch(search) : t.emptyAll} />
      )}
      {query.data && query.data.items.length > 0 && (
        <>
          <UserList users={query.data.items} onActAs={onActAs} />
          <Pagination page={page} pages={pages} onChange={setPage} />
        </>
      )}
    </section>
  );
}
