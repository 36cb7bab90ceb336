import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isRental, OfferStatus } from '@casaoferta/domain/codes';
import type { LiveEvent, MyOffer, MyOfferDetail } from '@casaoferta/domain/schemas/offers';
import { ApiError } from '../../../shared/api/api-error';
import { QueryProvider } from '../../../shared/api/query-client';
import { useAnnouncementEvents } from '../../../shared/api/use-announcement-events';
import { paths } from '../../../shared/paths';
import { unreadOf, useUnreadMessages } from '../../../shared/unread-messages';
import { buttonClassName } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { useMyOffer } from '../api/get-my-offer';
import { myOffersKeys } from '../api/keys';
import { useOfferContract } from '../api/offer-contract';
import { DocumentsShare } from '../components/documents-share';
import { OfferDecision } from '../components/offer-decision';
import { OfferPosition } from '../components/offer-position';
import { OfferStatusBadge } from '../components/offer-status-badge';
import { OfferTerms } from '../components/offer-terms';
import { OfferTimeline } from '../components/offer-timeline';
import { WithdrawOffer } from '../components/withdraw-offer';
import {
  canModify,
  canOfferAgain,
  canWithdraw,
  isHighestWith,
  placeOf,
  statusLabel,
  statusTone,
} from '../offer-view';
import { myOffersTexts } from '../texts';
import '../my-offers.css';

const t = myOffersTexts.detail;

/** The property page opens its offer dialog from this (features/auth/redirect.ts): 'Modificar oferta', or 'Hacer oferta' after a withdrawal. */
const offerDialogHref = (propertyId: string, announcementId: string) =>
  `${paths.property(propertyId)}?${new URLSearchParams({ afterAction: `make-offer:${announcementId}` }).toString()}`;

/**
 * Keeps the offer on screen current: a `summary` updates the highest offer, the count and the state at
 * once; an event about my offer, or a change of state, loads the offer again (new timeline entries).
 */
function useLiveOffer(announcementId: string, offerId: string, enabled: boolean) {
  const client = useQueryClient();
  const onEvent = useCallback(
    (event: LiveEvent) => {
      const key = myOffersKeys.detail(offerId);
      if (event.type === 'summary') {
        const before = client.getQueryData<MyOfferDetail>(key);
        client.setQueryData<MyOfferDetail>(key, (current) =>
          current
            ? {
                ...current,
                isHighest: isHighestWith(current, event.highestOffer),
                announcement: {
                  ...current.announcement,
                  statusCode: event.statusCode,
                  highestOffer: event.highestOffer,
                  offersCount: event.offersCount,
                },
              }
            : current,
        );
        if (before && before.announcement.statusCode !== event.statusCode) {
          void client.invalidateQueries({ queryKey: key });
        }
      } else if (event.type === 'your-offer' && event.offerId === offerId) {
        void client.invalidateQueries({ queryKey: key });
      }
    },
    [client, offerId],
  );
  useAnnouncementEvents(enabled ? announcementId : null, onEvent);
}

/** Once selected: the link to the contract the owner prepared, when there is one. */
function OfferContractLink({ announcementId }: { announcementId: string }) {
  const contract = useOfferContract(announcementId, true);
  if (!contract.data) return null;
  return (
    <div className="stack">
      <p>{t.contractHint}</p>
      <Link className={buttonClassName('primary')} to={paths.contract(contract.data.id)}>
        {t.contract}
      </Link>
    </div>
  );
}

function OfferDetail({ announcementId, offerId }: { announcementId: string; offerId: string }) {
  const query = useMyOffer(announcementId, offerId);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [withdrawn, setWithdrawn] = useState(false);
  const unread = unreadOf(useUnreadMessages(true), offerId);
  useLiveOffer(announcementId, offerId, query.isSuccess);
  // Opening it made its outcome seen (the server marks it): it is no longer news on /my-offers.
  const client = useQueryClient();
  const opened = query.isSuccess;
  useEffect(() => {
    if (!opened) return;
    client.setQueryData<MyOffer[]>(myOffersKeys.unseenOutcomes, (news) =>
      news?.filter((offer) => offer.id !== offerId),
    );
  }, [client, opened, offerId]);
  // After a withdrawal the dialog has closed and its opener is gone: the page title takes the focus.
  useEffect(() => {
    if (withdrawn) titleRef.current?.focus();
  }, [withdrawn]);

  if (query.isPending) return <Spinner block />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <EmptyState
          headingLevel={1}
          title={t.notFoundTitle}
          description={t.notFoundText}
          action={
            <Link className={buttonClassName('primary')} to={paths.myOffers}>
              {t.backToList}
            </Link>
          }
        />
      );
    }
    return <ErrorState headingLevel={1} title={t.loadErrorTitle} onRetry={() => void query.refetch()} />;
  }

  const offer = query.data;
  const a = offer.announcement;
  const decided = offer.statusCode === OfferStatus.Selected || offer.statusCode === OfferStatus.NotSelected;
  const modifiable = canModify(offer);
  const withdrawable = canWithdraw(offer);
  return (
    <article className="mo-detail">
      <header className="mo-detail__head">
        <p className="muted text-sm">{offer.isVisitRequest ? t.visitTitle : t.offerTitle}</p>
        <h1 ref={titleRef} tabIndex={-1} className="section__title mo-title">
          {a.title}
        </h1>
        {placeOf(a) && <p className="muted">{placeOf(a)}</p>}
        <div className="cluster">
          <OfferStatusBadge label={statusLabel(offer.statusCode)} tone={statusTone(offer.statusCode)} />
          <Link to={paths.property(a.propertyId)}>{t.seeProperty}</Link>
        </div>
        <Link className={buttonClassName('primary')} to={paths.conversation(offerId)}>
          {t.messages(unread)}
        </Link>
      </header>

      {decided && (
        <section className="mo-detail__section" aria-labelledby="mo-decision">
          <h2 id="mo-decision">{t.decisionTitle}</h2>
          <OfferDecision offer={offer} />
          {offer.statusCode === OfferStatus.Selected && <OfferContractLink announcementId={a.id} />}
        </section>
      )}
      {offer.statusCode === OfferStatus.Withdrawn && <p className="alert">{t.withdrawnNotice}</p>}

      <section className="mo-detail__section" aria-labelledby="mo-position">
        <h2 id="mo-position">{t.positionTitle}</h2>
        <OfferPosition offer={offer} labelledBy="mo-position" />
      </section>

      <section className="mo-detail__section" aria-labelledby="mo-terms">
        <h2 id="mo-terms">{t.termsTitle}</h2>
        <OfferTerms offer={offer} />
      </section>

      {isRental(a.typeCode) && (
        <DocumentsShare
          announcementId={a.id}
          offerId={offer.id}
          active={offer.statusCode === OfferStatus.Sent || offer.statusCode === OfferStatus.Selected}
        />
      )}

      <section className="mo-detail__section" aria-labelledby="mo-timeline">
        <h2 id="mo-timeline">{t.timelineTitle}</h2>
        <OfferTimeline offer={offer} />
      </section>

      <div className="mo-actions" role="group" aria-label={t.actionsLabel}>
        {(modifiable || canOfferAgain(offer)) && (
          <Link className={buttonClassName('primary')} to={offerDialogHref(a.propertyId, a.id)}>
            {modifiable ? t.modify : t.offerAgain}
          </Link>
        )}
        <WithdrawOffer
          announcementId={a.id}
          offerId={offer.id}
          isVisitRequest={offer.isVisitRequest}
          allowed={withdrawable}
          onWithdrawn={() => setWithdrawn(true)}
        />
        <Link className={buttonClassName('ghost')} to={paths.myOffers}>
          {t.backToList}
        </Link>
      </div>
    </article>
  );
}

/** /offer-detail/:announcementId/:offerId: one offer of mine, live, with its history and actions. */
export default function OfferDetailPage() {
  useDocumentTitle(t.documentTitle);
  const { announcementId = '', offerId = '' } = useParams();
  return (
    <QueryProvider>
      <div className="page">
        <OfferDetail key={offerId} announcementId={announcementId} offerId={offerId} />
      </div>
    </QueryProvider>
  );
}
