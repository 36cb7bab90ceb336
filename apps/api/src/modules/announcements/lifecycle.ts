import { and, eq, sql } from 'drizzle-orm';
import {
  allowedOwnerActions,
  ownerTransitions,
  propertyAdmitsPublishing,
  type OwnerAction,
} from '@casaoferta/domain/rules/announcement-lifecycle';
import { AnnouncementStatus, AnnouncementType, PropertyValidationStatus } from '@casaoferta/domain/codes';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import type { Db } from '../../db/client';
import { announcements, properties } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { findOwnedAnnouncement, lockAnnouncement } from '../properties/owned';
import { ownerAnnouncementView } from './owner-view';
import { offersFollowAnnouncement } from '../offers/decide';
import { alertFollowers } from '../alerts/announcement-alerts';

type Action = Exclude<OwnerAction, 'edit' | 'discardDraft'>;

/**
 * Runs one owner action on an announcement: checks the caller owns it (404), the state allows it (409)
 * and the property allows it (422), then moves it. The check and the move happen in one transaction
 * holding the property's and the announcement's locks: an agent's decision or another request cannot
 * slip between them, and a property moved back to review rolls back with its announcement.
 */
export async function runOwnerAction(
  db: Db,
  ownerId: string,
  announcementId: string,
  action: Action,
  /** config.publicOrigin: the links in the alerts this action sends (closing the offers). */
  origin: string,
): Promise<OwnerAnnouncement> {
  await db.transaction(async (tx) => {
    const { announcement: a, property: p } = await lockAnnouncement(tx, announcementId, ownerId);
    const to = ownerTransitions[action][a.statusCode];
    if (action === 'publish') assertPublishable(a, p);
    const propertyReview =
      action === 'requestReview' && p.validationStatus === PropertyValidationStatus.Rejected;
    const allowed = allowedOwnerActions({
      statusCode: a.statusCode,
      offerTypeCode: a.offerTypeCode,
      propertyValidationStatus: p.validationStatus,
    })[action];
    if (!allowed || (!to && !propertyReview)) throw new DomainError('INVALID_STATE');

    if (propertyReview) {
      await tx
        .update(properties)
        .set({ validationStatus: PropertyValidationStatus.PendingValidation, updatedAt: sql`now()` })
        .where(eq(properties.id, p.id));
    }
    if (to) {
      const reopening = action === 'reactivate' && to === AnnouncementStatus.Validated;
      const periodOver = !a.endsAt || a.endsAt.getTime() <= Date.now();
      await tx
        .update(announcements)
        .set({
          statusCode: to,
          statusReason: null,
          updatedAt: sql`now()`,
          // Reopened bidding whose period ran out gets a new period.
          ...(reopening && periodOver ? { endsAt: new Date(Date.now() + a.periodDays * 24 * 3600_000) } : {}),
        })
        .where(eq(announcements.id, a.id));
      // Its offers follow in the same transaction: bidding closed or reopened, or ended with it.
      await offersFollowAnnouncement(tx, a, to);
      // People keeping it among their favourites hear that it no longer takes offers (decision 037).
      if (action === 'closeBidding')
        await alertFollowers(tx, { kind: 'offersClosed', announcementId: a.id }, origin);
    }
  });
  return ownerAnnouncementView(db, announcementId);
}

function assertPublishable(a: typeof announcements.$inferSelect, p: typeof properties.$inferSelect) {
  if (a.statusCode !== AnnouncementStatus.Draft) throw new DomainError('INVALID_STATE');
  if (p.validationStatus === PropertyValidationStatus.Rejected) throw new DomainError('PROPERTY_REJECTED');
  // A property in validation takes its announcement along: the agent decides both in one review
  // (issue 23 point 6, decision 028); one never sent to validation cannot.
  if (!propertyAdmitsPublishing(p.validationStatus)) throw new DomainError('PROPERTY_NOT_VALIDATED');
  const missing = a.price === null || (a.typeCode === AnnouncementType.RoomRental && !a.details.roomTypeCode);
  if (missing) throw new DomainError('ANNOUNCEMENT_INCOMPLETE', a.price === null ? 'price' : 'roomTypeCode');
}

/** POST .../draft-withdraw: a draft is discarded for good (nothing was ever published). */
export async function discardDraft(db: Db, ownerId: string, announcementId: string): Promise<void> {
  const { announcement } = await findOwnedAnnouncement(db, announcementId, ownerId);
  const deleted = await db
    .delete(announcements)
    .where(and(eq(announcements.id, announcement.id), eq(announcements.statusCode, AnnouncementStatus.Draft)))
    .returning({ id: announcements.id });
  if (deleted.length === 0) throw new DomainError('INVALID_STATE');
}
