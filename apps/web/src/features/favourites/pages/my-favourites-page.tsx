import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { FavouriteItem, FavouritesPage } from '@casaoferta/domain/schemas/favourites';
import { isRental } from '@casaoferta/domain/codes';
import { formatEuros } from '@casaoferta/domain/format';
import { formatChangeDay } from '@casaoferta/domain/rules/price-history';
import { apiRequest } from '../../../shared/api/client';
import { QueryProvider } from '../../../shared/api/query-client';
import { setFavourite } from '../../../shared/favourites';
import { paths } from '../../../shared/paths';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { favouritesTexts as t } from '../texts';
import '../favourites.css';

const PAGE_SIZE = 20;
const queryKey = ['favourites', 'list'] as const;

const fetchPage = (cursor: string | undefined, signal: AbortSignal) =>
  apiRequest<FavouritesPage>(
    `/api/favourites?${new URLSearchParams({ limit: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) }).toString()}`,
    { signal, silent: true },
  );

function PriceChange({ item, now }: { item: FavouriteItem; now: Date }) {
  const change = item.lastChange;
  if (!change || change.oldPrice === change.newPrice) return null;
  const difference = formatEuros(Math.abs(change.newPrice - change.oldPrice));
  const dropped = change.newPrice < change.oldPrice;
  return (
    <p className={dropped ? 'fav-card__drop' : 'fav-card__rise'}>
      {dropped ? t.dropped(difference) : t.rose(difference)}{' '}
      {t.changedOn(formatChangeDay(new Date(change.changedAt), now))}
    </p>
  );
}

function FavouriteCard({ item, now, onRemove }: { item: FavouriteItem; now: Date; onRemove: () => void }) {
  return (
    <li className="fav-card">
      <div className="fav-card__media" style={{ backgroundColor: item.image?.color }}>
        {item.image ? (
          <img src={item.image.thumb} width={160} height={120} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="muted">{t.noPhoto}</span>
        )}
      </div>
      <div className="fav-card__body">
        <h2 className="fav-card__title">
          <Link to={paths.property(item.propertyId)}>{item.title}</Link>
        </h2>
        <p className="fav-card__price">{formatEuros(item.price, isRental(item.typeCode))}</p>
        <PriceChange item={item} now={now} />
        <p>
          <span className={`badge fav-card__state fav-card__state--${item.state}`}>
            {t.states[item.state]}
          </span>
          {item.municipalityName && <span className="muted"> · {item.municipalityName}</span>}
        </p>
        <p className="muted fav-card__saved">{t.savedOn(formatChangeDay(new Date(item.savedAt), now))}</p>
      </div>
      <Button
        variant="ghost"
        className="fav-card__remove"
        aria-label={t.removeLabel(item.title)}
        onClick={onRemove}
      >
        {t.remove}
      </Button>
    </li>
  );
}

function FavouritesList() {
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const count = items.length;
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLAnchorElement>('.fav-card__title a')[from]?.focus();
  }, [count]);

  if (query.isPending) return <Spinner block />;
  if (query.isError && !query.data)
    return <ErrorState title={t.loadError} onRetry={() => void query.refetch()} />;
  if (items.length === 0) {
    return (
      <EmptyState
        title={t.empty}
        description={t.emptyText}
        action={
          <Link className={buttonClassName('primary')} to={paths.properties}>
            {t.browse}
          </Link>
        }
      />
    );
  }
  const now = new Date();
  const remove = (item: FavouriteItem, index: number) => {
    setFavourite(item.announcementId, false)
      .then(async () => {
        showToast(t.removed, 'success');
        await client.invalidateQueries({ queryKey });
        // Focus stays in the list: on the next card's link, else the heading.
        const links = listRef.current?.querySelectorAll<HTMLAnchorElement>('.fav-card__title a');
        (links?.[Math.min(index, links.length - 1)] ?? document.getElementById('favourites-title'))?.focus();
      })
      .catch(() => undefined);
  };
  return (
    <div className="stack">
      <ul ref={listRef} className="plain-list fav-list" aria-label={t.listLabel}>
        {items.map((item, index) => (
          <FavouriteCard
            key={item.announcementId}
            item={item}
            now={now}
            onRemove={() => remove(item, index)}
          />
        ))}
      </ul>
      {query.isFetchNextPageError && (
        <p className="alert alert--error" role="alert">
          {t.loadError}
        </p>
      )}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          loading={query.isFetchingNextPage}
          onClick={() => {
            focusFrom.current = items.length;
            void query.fetchNextPage();
          }}
        >
          {t.loadMore}
        </Button>
      )}
    </div>
  );
}

/**
 * /my-favourites "Mis favoritos": each saved announcement with what it is now (price changed, offers
 * closed, rented or sold, withdrawn, ended), newest first, "Ver más" by keyset pages.
 */
export default function MyFavouritesPage() {
  useDocumentTitle(t.documentTitle);
  return (
    <QueryProvider>
      <div className="page stack">
        <header>
          <h1 id="favourites-title" className="section__title" tabIndex={-1}>
            {t.title}
          </h1>
          <p className="muted">
            {t.intro} <Link to={paths.settings}>{t.toSettings}</Link>
          </p>
        </header>
        <FavouritesList />
      </div>
    </QueryProvider>
  );
}
