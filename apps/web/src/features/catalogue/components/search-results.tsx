import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import type { SearchState } from '../search-store';
import { catalogueTexts as t } from '../texts';
import { AnnouncementCard, AnnouncementCardSkeleton } from './announcement-card';

const SKELETONS = 6;

export interface SearchResultsProps {
  search: SearchState;
  onClearFilters: () => void;
  /** The canonical query of these results (infinite scroll and focus belong to one search). */
  searchKey: string;
  /** The catalogue URL of these results, for the property page's way back. */
  backTo: string;
}

/** Keeps loading pages while the end of the list is in view, once the user asked for more. */
function useInfiniteScroll(enabled: boolean, loadMore: () => void) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (observed) => {
        if (observed.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, loadMore]);
  return sentinel;
}

export function SearchResults({ search, onClearFilters, backTo }: SearchResultsProps) {
  const { status, items, nextCursor, more, loadMore, retry } = search;
  const [autoLoad, setAutoLoad] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const sentinel = useInfiniteScroll(
    autoLoad && status === 'ready' && more === 'idle' && !!nextCursor,
    loadMore,
  );

  // After 'Ver más', keyboard and screen-reader users land on the first new card.
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || items.length <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLAnchorElement>('.listing-card__link')[from]?.focus();
  }, [items.length]);

  const onMore = () => {
    focusFrom.current = items.length;
    setAutoLoad(true);
    loadMore();
  };

  const count =
    status === 'loading' ? t.searching : status === 'ready' ? t.count(items.length, !!nextCursor) : '';

  return (
    <div className="results" aria-busy={status === 'loading'}>
      <p className="results__count" role="status">
        {count}
      </p>
      {status === 'error' && <ErrorState title={t.errorTitle} onRetry={retry} />}
      {status === 'ready' && items.length === 0 && (
        <EmptyState
          title={t.emptyTitle}
          description={t.emptyBody}
          action={
            <Button variant="secondary" onClick={onClearFilters}>
              {t.clearFilters}
            </Button>
          }
        />
      )}
      {status === 'loading' && (
        <div className="results__grid">
          {Array.from({ length: SKELETONS }, (_, index) => (
            <AnnouncementCardSkeleton key={index} />
          ))}
        </div>
      )}
      {items.length > 0 && (
        <ul ref={list} className="results__grid plain-list" aria-label={t.resultsTitle}>
          {items.map((card, index) => (
            <li key={card.id}>
              <AnnouncementCard card={card} priority={index === 0} backTo={backTo} />
            </li>
          ))}
        </ul>
      )}
      {status === 'ready' && nextCursor && (
        <div className="results__more" ref={sentinel}>
          {more === 'error' && (
            <p className="field__error" role="alert">
              {t.loadMoreError}
            </p>
          )}
          {/* Stays enabled while loading so focus is not lost; repeated clicks are ignored. */}
          <Button variant="secondary" aria-busy={more === 'loading'} onClick={onMore}>
            {t.loadMore}
          </Button>
        </div>
      )}
    </div>
  );
}
