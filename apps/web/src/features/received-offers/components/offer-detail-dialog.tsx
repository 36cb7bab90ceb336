import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { OfferStatus } from '@casaoferta/domain/codes';
import { formatDayTime, formatEuros } from '@casaoferta/domain/format';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { paths } from '../../../shared/paths';
import { unreadOf, useUnreadMessages } from '../../../shared/unread-messages';
import { Dialog } from '../../../shared/ui/dialog';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { useOfferRequest } from '../api/mutations';
import { updateListedOffer, useOfferDetail, useTenantContact } from '../api/queries';
import { decisionReasonLabel } from '../offer-view';
import { receivedOffersTexts } from '../texts';
import { CandidateDocumentsSection } from './candidate-documents';
import { PrepareContractButton } from './prepare-contract-button';
import { OfferAmount, OfferConditions, SolvencySummary } from './offer-terms';

const t = receivedOffersTexts.detail;

function TenantContactSection({ announcementId, offerId }: { announcementId: string; offerId: string }) {
  const [asked, setAsked] = useState(false);
  const contact = useTenantContact(announcementId, offerId, asked);
  return (
    <section className="stack rof-detail__section" aria-labelledby="rof-contact">
      <h3 id="rof-contact" className="rof-detail__heading">
        {t.contact}
      </h3>
      {!asked ? (
        <div>
          <Button variant="secondary" size="sm" onClick={() => setAsked(true)}>
            {t.showContact}
          </Button>
        </div>
      ) : contact.isPending ? (
        <Spinner size="sm" />
      ) : contact.isError ? null : contact.data.unlocked ? (
        <dl className="rof-facts">
          <div>
            <dt>{t.name}</dt>
            <dd>{[contact.data.name, contact.data.surname].filter(Boolean).join(' ')}</dd>
          </div>
          <div>
            <dt>{t.phone}</dt>
            <dd>
              {contact.data.phoneNumber ? (
                <a href={`tel:${contact.data.phoneNumber}`}>{contact.data.phoneNumber}</a>
              ) : (
                '-'
              )}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="alert">{t.contactLocked}</p>
      )}
    </section>
  );
}

/**
 * /property/{id}/offers/{offerId}: one offer, its terms and its timeline, in a sheet over the list.
 * Opening it marks the offer seen (the API does); the list drops its 'Nueva' marker at once.
 */
export function OfferDetailDialog({
  announcementId,
  propertyId,
  isPaid,
  offerId,
  perMonth,
  sale,
  onClose,
}: {
  announcementId: string;
  propertyId: string;
  /** Whether the announcement is paid: the contract needs it (decision 026). */
  isPaid: boolean;
  offerId: string;
  perMonth: boolean;
  sale: boolean;
  onClose: () => void;
}) {
  const detail = useOfferDetail(announcementId, offerId);
  const request = useOfferRequest(announcementId);
  const client = useQueryClient();
  const unread = unreadOf(useUnreadMessages(true), offerId);
  const seenAt = detail.data?.seenAt ?? null;
  useEffect(() => {
    if (!seenAt) return;
    updateListedOffer(client, announcementId, offerId, (offer) =>
      offer.seenAt === null ? { ...offer, seenAt } : offer,
    );
  }, [client, announcementId, offerId, seenAt]);

  const title = detail.data ? t.title(detail.data.candidate.displayName) : receivedOffersTexts.heading;
  const busy = (kind: 'requestCompleteData' | 'solvency') =>
    request.isPending && request.variables.request === kind;
  return (
    <Dialog open variant="sheet" onClose={onClose} title={title} closeLabel={t.close}>
      {detail.isPending ? (
        <Spinner block />
      ) : detail.isError ? (
        <ErrorState title={t.loadError} headingLevel={3} onRetry={() => void detail.refetch()} />
      ) : (
        <div className="stack">
          <p className="rof-card__amount">
            <OfferAmount offer={detail.data} perMonth={perMonth} />
          </p>
          <OfferConditions offer={detail.data} sale={sale} />
          <SolvencySummary offer={detail.data} />
          {detail.data.statusCode === OfferStatus.Selected && (
            <PrepareContractButton announcementId={announcementId} propertyId={propertyId} isPaid={isPaid} />
          )}
          <div className="actions">
            <Link className={buttonClassName('primary', 'sm')} to={paths.conversation(offerId)}>
              {t.messages(unread)}
            </Link>
            <Button
              variant="secondary"
              size="sm"
              loading={busy('requestCompleteData')}
              disabled={request.isPending}
              onClick={() => request.mutate({ request: 'requestCompleteData', offerId })}
            >
              {t.requestData}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              loading={busy('solvency')}
              disabled={request.isPending}
              onClick={() => request.mutate({ request: 'solvency', offerId })}
            >
              {t.solvency}
            </Button>
          </div>
          {!sale && <CandidateDocumentsSection announcementId={announcementId} offerId={offerId} />}
          <section className="stack rof-detail__section" aria-labelledby="rof-timeline">
            <h3 id="rof-timeline" className="rof-detail__heading">
              {t.timeline}
            </h3>
            <ol className="rof-timeline">
              {detail.data.timeline.map((event, index) => {
                const reason = decisionReasonLabel(event.reasonCode);
                return (
                  <li key={`${event.kind}-${event.at}-${index}`}>
                    <span className="rof-timeline__kind">{receivedOffersTexts.events[event.kind]}</span>
                    {!detail.data.amountLocked &&
                      event.amount !== null &&
                      event.amount > 0 &&
                      ` · ${formatEuros(event.amount, perMonth)}`}{' '}
                    <time className="muted text-sm" dateTime={event.at}>
                      {formatDayTime(event.at)}
                    </time>
                    {reason && <p className="text-sm">{t.reason(reason)}</p>}
                  </li>
                );
              })}
            </ol>
          </section>
          <TenantContactSection announcementId={announcementId} offerId={offerId} />
        </div>
      )}
    </Dialog>
  );
}
