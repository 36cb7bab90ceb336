import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import type { OfferListKind, OfferListStatus } from '../api/keys';
import { useMyOffers } from '../api/search-my-offers';
import { myOffersTexts } from '../texts';
import { OfferCard } from './offer-card';

const t = myOffersTexts.list;

/** One tab's offers with the chosen status, "Ver más" while there are more. */
export function OfferList({ kind, status }: { kind: OfferListKind; status: OfferListStatus }) {
  const query = useMyOffers(kind, status);
  const listRef = useRef<HTMLUListElement>(null);
  // After "Ver más", focus moves to the first card it brought (the button may be gone).
  const focusFrom = useRef<number | null>(null);
  const count = query.data?.pages.reduce((sum, page) => sum + page.items.length, 0) ?? 0;
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLAnchorElement>('.mo-card__title a')[from]?.focus();
  }, [count]);
  if (query.isPending) return <Spinner block />;
  if (query.isError && !query.data) {
    return <ErrorState title={t.loadErrorTitle} onRetry={() => void query.refetch()} />;
  }
  const offers = query.data.pages.flatMap((page) => page.items);
  if (offers.length === 0) {
    return (
      <EmptyState
        title={t.empty[status]}
        description={t.emptyText[kind]}
        action={
          <Link className={buttonClassName('primary')} to={paths.properties}>
            {t.browse}
          </Link>
        }
      />
    );
  }
  return (
    <div className="stack">
      <ul ref={listRef} className="plain-list mo-list" aria-label={t.listLabel(t.tabs[kind])}>
        {offers.map((offer) => (
          <OfferCard key={offer.id} offer={offer} />
        ))}
      </ul>
      {query.isFetchNextPageError && (
        <p className="alert alert--error" role="alert">
          {t.loadErrorTitle}
        </p>
      )}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          className="mo-more"
          loading={query.isFetchingNextPage}
          onClick={() => {
            focusFrom.current = offers.length;
            void query.fetchNextPage();
          }}
        >
          {t.loadMore}
        </Button>
      )}
    </div>
  );
}
