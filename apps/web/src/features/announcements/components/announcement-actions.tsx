import { useState } from 'react';
import { Link } from 'react-router';
import { AnnouncementOfferType, AnnouncementStatus } from '@casaoferta/domain/codes';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import { paths } from '../../../shared/paths';
import { Button, buttonClassName } from '../../../shared/ui/button';
import type { ButtonVariant } from '../../../shared/ui/button';
import { useLifecycleAction } from '../api/announcement-actions';
import type { LifecycleAction } from '../api/announcement-actions';
import { announcementKindOfType } from '@casaoferta/domain/announcement-kind';
import { announcementTexts } from '../texts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';

const t = announcementTexts.actions;
type Flags = OwnerAnnouncement['actions'];

/** Closing bidding waits for the offers (see below). */
type ShownAction = Exclude<LifecycleAction, 'closeBidding'>;

/** Each lifecycle button, the `actions` flag that allows it, and whether it asks first. */
const buttons: readonly {
  action: ShownAction;
  flag: keyof Flags;
  variant: ButtonVariant;
  confirm: boolean;
}[] = [
  { action: 'publish', flag: 'canPublish', variant: 'primary', confirm: false },
  { action: 'requestReview', flag: 'canRequestReview', variant: 'primary', confirm: true },
  { action: 'reactivate', flag: 'canReactivate', variant: 'primary', confirm: false },
  // 'Cerrar ofertas' (closeBidding, actions.canCloseBidding) is left out until the owner can see the
  // offers and choose among them: closing bidding blind is no choice at all. It comes back with the
  // offers, issue 10.
  { action: 'withdraw', flag: 'canWithdraw', variant: 'danger', confirm: true },
  { action: 'discardDraft', flag: 'canDiscardDraft', variant: 'danger', confirm: true },
];

type ConfirmedAction = keyof typeof t.confirm;
const isConfirmed = (action: LifecycleAction): action is ConfirmedAction => action in t.confirm;

/** The states in which the owner's offers page shows the announcement's offers (received-offers). */
const offersStatuses = new Set<string>([
  AnnouncementStatus.Validated,
  AnnouncementStatus.BiddingClosed,
  AnnouncementStatus.TenantSelected,
  AnnouncementStatus.Closed,
  AnnouncementStatus.Ended,
  AnnouncementStatus.Withdrawn,
]);
/** Still deciding: the offers are the owner's next step, not a record. */
const deciding = new Set<string>([
  AnnouncementStatus.Validated,
  AnnouncementStatus.BiddingClosed,
  AnnouncementStatus.TenantSelected,
]);

/**
 * Whether the card links to the offers (issue 23): in every state the offers page shows, while the
 * announcement received any (current or past: the link stays once rented or ended).
 */
export const hasOffersLink = (a: OwnerAnnouncement): boolean =>
  offersStatuses.has(a.statusCode) && a.receivedOffers > 0;

/**
 * The buttons the announcement's `actions` allow (the server checks again), as a labelled group; with
 * `offersLink`, first 'Ofertas (n)' to the property's offers page while it has any.
 */
export function AnnouncementActions({
  announcement,
  offersLink = false,
}: {
  announcement: OwnerAnnouncement;
  offersLink?: boolean;
}) {
  const { mutate, isPending, variables } = useLifecycleAction();
  const [asking, setAsking] = useState<ConfirmedAction | null>(null);
  const { actions, id } = announcement;
  // What the owner is asked to keep in sight before asking for a new review.
  const rejectionReason = announcement.statusReason ?? announcement.propertyValidationReason;
  const run = (action: LifecycleAction) => mutate({ action, id }, { onSettled: () => setAsking(null) });
  const visible = buttons.filter((button) => actions[button.flag]);
  const offers = offersLink && hasOffersLink(announcement);
  if (!offers && !actions.canEdit && visible.length === 0) return null;
  const busy = (action: LifecycleAction) => isPending && variables?.action === action;
  return (
    <div
      className="actions ann-actions"
      role="group"
      aria-label={announcementTexts.card.actionsLabel(announcement.title)}
    >
      {offers && (
        <Link
          className={buttonClassName(deciding.has(announcement.statusCode) ? 'primary' : 'secondary', 'sm')}
          to={paths.propertyOffers(announcement.propertyId)}
        >
          {announcement.offerTypeCode === AnnouncementOfferType.VisitRequestOnly
            ? announcementTexts.card.visitsLink(announcement.receivedOffers)
            : announcementTexts.card.offersLink(announcement.receivedOffers)}
        </Link>
      )}
      {actions.canEdit && (
        <Link
          className={buttonClassName('secondary', 'sm')}
          to={paths.newAnnouncement(
            announcementKindOfType(announcement.typeCode),
            announcement.propertyId,
            id,
          )}
        >
          {t.edit}
        </Link>
      )}
      {visible.map(({ action, variant, confirm }) => (
        <Button
          key={action}
          size="sm"
          variant={variant}
          loading={!confirm && busy(action)}
          disabled={isPending}
          onClick={() => (confirm && isConfirmed(action) ? setAsking(action) : run(action))}
        >
          {t[action]}
        </Button>
      ))}
      {asking && (
        <ConfirmDialog
          open
          title={t.confirm[asking].title}
          body={t.confirm[asking].body}
          confirmLabel={t.confirm[asking].button}
          confirmVariant={asking === 'requestReview' ? 'primary' : 'danger'}
          detail={
            asking === 'requestReview' &&
            rejectionReason && (
              <p className="alert alert--error">{announcementTexts.card.rejectedReason(rejectionReason)}</p>
            )
          }
          busy={busy(asking)}
          onConfirm={() => run(asking)}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}
