import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AnnouncementStatus, isSale } from '@casaoferta/domain/codes';
import { formatEuros, formatNumber } from '@casaoferta/domain/format';
import { announcementStatusLabels } from '@casaoferta/domain/masters/announcement';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import type { OwnerOffer, OwnerOffers } from '@casaoferta/domain/schemas/offers';
import { QueryProvider } from '../../../shared/api/query-client';
import { useAnnouncementEvents } from '../../../shared/api/use-announcement-events';
import { paths } from '../../../shared/paths';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Select } from '../../../shared/ui/select';
import { Spinner } from '../../../shared/ui/spinner';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { receivedOffersKeys } from '../api/keys';
import { useBiddingAction, useSelectTenant, useToggleFavorite } from '../api/mutations';
import { useMyAnnouncements, useReceivedOffers } from '../api/queries';
import { OfferCard } from '../components/offer-card';
import { PrepareContractButton } from '../components/prepare-contract-button';
import {
  announcementsWithOffers,
  biddingState,
  isSelectable,
  MAX_COMPARED,
  sortKeys,
  type SortKey,
} from '../offer-view';
import { receivedOffersTexts } from '../texts';
import '../received-offers.css';

const t = receivedOffersTexts;

// The dialogs load when they open: the invitation's phone rules (libphonenumber, 28 KB gzip) and the
// others' code are not part of the page's first load (issue 29 point 5: ≤ 150 KB).
const CloseBiddingDialog = lazy(() =>
  import('../components/close-bidding-dialog').then((m) => ({ default: m.CloseBiddingDialog })),
);
const CompareDialog = lazy(() =>
  import('../components/compare-dialog').then((m) => ({ default: m.CompareDialog })),
);
const InviteDialog = lazy(() =>
  import('../components/invite-dialog').then((m) => ({ default: m.InviteDialog })),
);
const OfferDetailDialog = lazy(() =>
  import('../components/offer-detail-dialog').then((m) => ({ default: m.OfferDetailDialog })),
);
const SelectDialog = lazy(() =>
  import('../components/select-dialog').then((m) => ({ default: m.SelectDialog })),
);
const statusLabel = (code: string) => (announcementStatusLabels as Record<string, string>)[code] ?? code;
const isSortKey = (value: string): value is SortKey => (sortKeys as readonly string[]).includes(value);

/** The offers of the pages loaded, each once (a refetch between two pages may move one across them). */
function loadedOffers(pages: readonly OwnerOffers[]): OwnerOffer[] {
  const seen = new Set<string>();
  const offers: OwnerOffer[] = [];
  for (const offer of pages.flatMap((page) => page.offers)) {
    if (seen.has(offer.id)) continue;
    seen.add(offer.id);
    offers.push(offer);
  }
  return offers;
}

/** Links to the detail carry this, so closing it goes Back instead of stacking another list entry. */
interface FromList {
  fromList: true;
}
const cameFromList = (state: unknown) => (state as Partial<FromList> | null)?.fromList === true;

function AnnouncementSummary({ data }: { data: OwnerOffers['announcement'] }) {
  const perMonth = !isSale(data.typeCode);
  const highest =
    data.highestOffer !== null
      ? formatEuros(data.highestOffer, perMonth)
      : data.isPaid || data.offersCount === 0
        ? '-'
        : t.summary.hidden;
  return (
    <dl className="rof-summary" aria-label={t.summary.label}>
      <div>
        <dt>{t.summary.status}</dt>
        <dd>{statusLabel(data.statusCode)}</dd>
      </div>
      <div>
        <dt>{t.summary.offers}</dt>
        <dd>{formatNumber(data.offersCount)}</dd>
      </div>
      <div>
        <dt>{t.summary.highest}</dt>
        <dd>{highest}</dd>
      </div>
    </dl>
  );
}

function BiddingBar({ data }: { data: OwnerOffers['announcement'] }) {
  const state = biddingState(data.statusCode, data.offerTypeCode);
  const bidding = useBiddingAction(data.id);
  const [confirming, setConfirming] = useState(false);
  const [inviting, setInviting] = useState(false);
  return (
    <div className="stack">
      {state.canReopen && <p className="alert">{t.bidding.closed}</p>}
      {state.decided && <p className="alert">{t.bidding.decided}</p>}
      {data.statusCode === AnnouncementStatus.TenantSelected && (
        <PrepareContractButton announcementId={data.id} propertyId={data.propertyId} isPaid={data.isPaid} />
      )}
      {(state.canClose || state.canReopen || state.canInvite) && (
        <div className="actions">
          {state.canClose && (
            <Button variant="secondary" disabled={bidding.isPending} onClick={() => setConfirming(true)}>
              {t.bidding.close}
            </Button>
          )}
          {state.canReopen && (
            <Button variant="secondary" loading={bidding.isPending} onClick={() => bidding.mutate('reopen')}>
              {t.bidding.reopen}
            </Button>
          )}
          {state.canInvite && (
            <Button variant="ghost" onClick={() => setInviting(true)}>
              {t.invite.open}
            </Button>
          )}
        </div>
      )}
      <Suspense fallback={null}>
        {confirming && (
          <CloseBiddingDialog
            busy={bidding.isPending}
            onClose={() => setConfirming(false)}
            onConfirm={() => bidding.mutate('close', { onSettled: () => setConfirming(false) })}
          />
        )}
        {inviting && <InviteDialog announcementId={data.id} onClose={() => setInviting(false)} />}
      </Suspense>
    </div>
  );
}

function OffersView({
  announcement,
  propertyId,
  offerId,
}: {
  announcement: OwnerAnnouncement;
  propertyId: string;
  offerId: string | undefined;
}) {
  const announcementId = announcement.id;
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const favorite = useToggleFavorite(announcementId);
  const select = useSelectTenant(announcementId);
  const [sort, setSort] = useState<SortKey | null>(null);
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const [compared, setCompared] = useState<readonly string[]>([]);
  const [comparing, setComparing] = useState(false);
  const [selecting, setSelecting] = useState<OwnerOffer | null>(null);
  const query = useReceivedOffers(announcementId, sort, favoritesOnly);
  const listRef = useRef<HTMLUListElement>(null);
  /** After "Ver más ofertas" pressed from the keyboard: the index of the first offer it loads. */
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    const next = from === null ? null : listRef.current?.children.item(from);
    if (next instanceof HTMLElement) {
      focusFrom.current = null;
      next.focus();
    }
  });

  // Live: any event about the announcement or one of its offers reads the list (and an open offer) again.
  useAnnouncementEvents(announcementId, () => {
    void client.invalidateQueries({ queryKey: receivedOffersKeys.announcement(announcementId) });
  });

  if (query.isPending) return <Spinner block />;
  const first = query.data?.pages[0];
  if (query.isError || !first) {
    return <ErrorState title={t.loadErrorTitle} onRetry={() => void query.refetch()} />;
  }
  const pages = query.data?.pages ?? [];
  const data = first.announcement;
  const total = pages.at(-1)?.total ?? first.total;
  const offers = loadedOffers(pages);
  const sale = isSale(data.typeCode);
  const perMonth = !sale;
  const locked = offers.some((offer) => offer.amountLocked) || !data.isPaid;
  // The API's order (its default: amount once paid, else date); a new choice shows at once.
  const effectiveSort: SortKey = sort ?? first.sort;
  // The API keeps the favourites only; a star just taken off leaves the list at once.
  const shown = favoritesOnly ? offers.filter((offer) => offer.isFavorite) : offers;
  const loadMore = () => {
    // A keyboard user goes on at the first offer loaded (the button is busy, then gone, meanwhile).
    if (document.activeElement?.closest('.rof-more')) focusFrom.current = shown.length;
    void query.fetchNextPage().then((result) => {
      if (result.isError) focusFrom.current = null;
    });
  };

  const state = biddingState(data.statusCode, data.offerTypeCode);
  const chosen = compared
    .map((id) => offers.find((offer) => offer.id === id))
    .filter((offer): offer is OwnerOffer => offer !== undefined);
  const listPath = paths.propertyOffers(propertyId);
  const closeDetail = () =>
    cameFromList(location.state) ? void navigate(-1) : void navigate(listPath, { replace: true });
  const sortOptions = sortKeys.map((key) => ({
    value: key,
    label: key === 'amount' && locked ? t.toolbar.amountLocked : t.toolbar.sortOptions[key],
    disabled: key === 'amount' && locked,
  }));

  return (
    <>
      <AnnouncementSummary data={data} />
      {!data.isPaid && (
        <div className="alert rof-locked-note stack">
          <p>{t.locked}</p>
          <Link className={buttonClassName('primary')} to={paths.paymentSummary(data.id, propertyId)}>
            {t.unlock}
          </Link>
        </div>
      )}
      <BiddingBar data={data} />
      <div className="rof-toolbar" role="group" aria-label={t.toolbar.label}>
        <Select
          label={t.toolbar.sort}
          placeholder={null}
          options={sortOptions}
          value={effectiveSort}
          onChange={(event) => {
            if (isSortKey(event.target.value)) setSort(event.target.value);
          }}
        />
        <Checkbox
          label={t.toolbar.favorites}
          checked={favoritesOnly}
          onChange={(event) => setFavoritesOnly(event.target.checked)}
        />
      </div>
      {shown.length === 0 ? (
        favoritesOnly && first.received > 0 ? (
          <EmptyState title={t.empty.favoritesTitle} description={t.empty.favoritesDescription} />
        ) : (
          <EmptyState title={t.empty.title} description={t.empty.description} />
        )
      ) : (
        <ul ref={listRef} className="plain-list rof-list" aria-label={t.listLabel}>
          {shown.map((offer) => (
            <OfferCard
              key={offer.id}
              offer={offer}
              perMonth={perMonth}
              sale={sale}
              detailHref={paths.propertyOffers(propertyId, offer.id)}
              compared={compared.includes(offer.id)}
              compareFull={compared.length >= MAX_COMPARED}
              onCompareChange={(checked) =>
                setCompared((current) =>
                  checked
                    ? current.length < MAX_COMPARED && !current.includes(offer.id)
                      ? [...current, offer.id]
                      : current
                    : current.filter((id) => id !== offer.id),
                )
              }
              onToggleFavorite={() => favorite.mutate({ offer, favorite: !offer.isFavorite })}
              canSelect={state.canSelect && isSelectable(offer)}
              onSelect={() => setSelecting(offer)}
            />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <div className="rof-more">
          <p className="muted" role="status">
            {t.more.shown(shown.length, total)}
          </p>
          <Button variant="secondary" loading={query.isFetchingNextPage} onClick={loadMore}>
            {t.more.button}
          </Button>
        </div>
      )}
      {chosen.length > 0 && (
        <div className="sticky-action rof-compare-bar" role="region" aria-label={t.compare.title}>
          <p className="rof-compare-bar__text" aria-live="polite">
            {t.compare.bar(chosen.length)}
            <span className="rof-compare-bar__hint">
              {chosen.length < 2 ? t.compare.pickMore : chosen.length >= MAX_COMPARED ? t.compare.limit : ''}
            </span>
          </p>
          <div className="rof-compare-bar__actions">
            <Button variant="ghost" size="sm" onClick={() => setCompared([])}>
              {t.compare.clear}
            </Button>
            <Button size="sm" disabled={chosen.length < 2} onClick={() => setComparing(true)}>
              {t.compare.open}
            </Button>
          </div>
        </div>
      )}
      <Suspense fallback={null}>
        {comparing && chosen.length >= 2 && (
          <CompareDialog
            offers={chosen}
            perMonth={perMonth}
            sale={sale}
            onClose={() => setComparing(false)}
          />
        )}
        {selecting && (
          <SelectDialog
            offer={selecting}
            busy={select.isPending}
            onClose={() => setSelecting(null)}
            onConfirm={(reasonCode) =>
              select.mutate({ offer: selecting, reasonCode }, { onSettled: () => setSelecting(null) })
            }
          />
        )}
        {offerId && (
          <OfferDetailDialog
            key={offerId}
            announcementId={announcementId}
            propertyId={propertyId}
            isPaid={data.isPaid}
            offerId={offerId}
            perMonth={perMonth}
            sale={sale}
            onClose={closeDetail}
          />
        )}
      </Suspense>
    </>
  );
}

function PropertyOffers({ propertyId, offerId }: { propertyId: string; offerId: string | undefined }) {
  const mine = useMyAnnouncements();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const back = (
    <Link className="rof-back" to={paths.propertyDetail(propertyId)}>
      {t.backToProperty}
    </Link>
  );
  if (mine.isPending) return <Spinner block />;
  if (mine.isError) {
    return <ErrorState title={t.loadErrorTitle} headingLevel={1} onRetry={() => void mine.refetch()} />;
  }
  const candidates = announcementsWithOffers(mine.data, propertyId);
  const announcement = candidates.find((item) => item.id === chosenId) ?? candidates[0];
  if (!announcement) {
    return (
      <EmptyState
        headingLevel={1}
        title={t.noAnnouncement.title}
        description={t.noAnnouncement.description}
        action={
          <Link className={buttonClassName('secondary')} to={paths.propertyDetail(propertyId)}>
            {t.noAnnouncement.action}
          </Link>
        }
      />
    );
  }
  return (
    <>
      {back}
      <header className="stack rof-header">
        <h1 className="rof-title">{t.heading}</h1>
        <p className="muted">{announcement.title}</p>
      </header>
      {candidates.length > 1 && (
        <Select
          label={t.announcementChooser}
          placeholder={null}
          options={candidates.map((item) => ({
            value: item.id,
            label: `${item.title} · ${statusLabel(item.statusCode)}`,
          }))}
          value={announcement.id}
          onChange={(event) => setChosenId(event.target.value)}
        />
      )}
      <OffersView
        key={announcement.id}
        announcement={announcement}
        propertyId={propertyId}
        offerId={offerId}
      />
    </>
  );
}

/**
 * /property/:id/offers/:offerId?: the owner's offers of the property's announcement (:id is the
 * property). Offers arrive live; an :offerId opens that offer's detail and timeline over the list.
 */
export default function PropertyOffersPage() {
  const { id = '', offerId } = useParams();
  useDocumentTitle(t.documentTitle);
  return (
    <QueryProvider>
      <div className="page-narrow stack rof-page">
        <PropertyOffers key={id} propertyId={id} offerId={offerId} />
      </div>
    </QueryProvider>
  );
}
