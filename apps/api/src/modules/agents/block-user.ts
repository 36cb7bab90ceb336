import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { transactionWithRetry } from '../../platform/transactions';
import { AnnouncementStatus, OfferStatus } from '@casaoferta/domain/codes';
import { endedByBlockReason, statusesEndedByBlock } from '@casaoferta/domain/rules/announcement-lifecycle';
import type { Db } from '../../db/client';
import { announcements, offers, sessions, users } from '../../db/schema/index';
import { rolesJson } from '../../platform/auth';
import { DomainError } from '../../platform/errors';
import {
  endOffersOfAnnouncements,
  lockAnnouncementsOfCandidate,
  withdrawOffersOfBlockedUser,
} from '../offers/decide';
import { notifyUsers } from '../offers/notify';
import { announcementTitle } from '../offers/views';
import { activeOfferStatuses } from '@casaoferta/domain/rules/offer-rules';
import { blockNotices } from '../back-office/user-tools-texts';

/**
 * Locks the user's row for the rest of the transaction: blocks, readmissions and impersonations of one
 * user run one after the other. 404 for an unknown user; agents are managed elsewhere (403).
 */
async function lockBlockable(tx: Db, userId: string) {
  const [row] = await tx
    .select({ user: users, roles: rolesJson })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!row) throw new DomainError('NOT_FOUND');
  if (row.roles.length > 0) throw new DomainError('FORBIDDEN');
  return row.user;
}

/**
 * SPEC 4.6: a blocked user's sessions (and any impersonation of them) end at once, new logins are
 * refused, and their announcements end in the same transaction, so they leave the catalogue with the
 * block; the current offers on them end, and the user's own current offers are withdrawn. The other
 * parties are told in the same transaction (the outbox rows exist only if the block does): the
 * candidates whose offers ended with the announcements (endOffersOfAnnouncements), and the owners of the
 * announcements the user's offers were withdrawn from (a different notice when the user was the chosen one).
 */
export async function blockUser(db: Db, userId: string): Promise<{ isBlocked: true }> {
  await transactionWithRetry(db, async (tx) => {
    // Before the user's row: an offer being sent holds its announcement, then reads the user.
    await lockAnnouncementsOfCandidate(tx, userId);
    await lockBlockable(tx, userId);
    await tx.update(users).set({ isBlocked: true }).where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: 'blocked' })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    const ended = await tx
      .update(announcements)
      .set({
        statusCode: AnnouncementStatus.Ended,
        statusReason: endedByBlockReason,
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(announcements.ownerId, userId), inArray(announcements.statusCode, [...statusesEndedByBlock])),
      )
      .returning({ id: announcements.id });
    await endOffersOfAnnouncements(
      tx,
      ended.map((row) => row.id),
    );
    // Read under the announcements' locks (lockAnnouncementsOfCandidate): exactly what is withdrawn next.
    const withdrawnOn = await tx
      .select({ offerStatus: offers.statusCode, announcement: announcements })
      .from(offers)
      .innerJoin(announcements, eq(announcements.id, offers.announcementId))
      .where(and(eq(offers.candidateId, userId), inArray(offers.statusCode, activeOfferStatuses)));
    await withdrawOffersOfBlockedUser(tx, userId);
    for (const { offerStatus, announcement } of withdrawnOn) {
      const notice =
        offerStatus === OfferStatus.Selected ? blockNotices.selectedWithdrawn : blockNotices.offerWithdrawn;
      await notifyUsers(tx, [announcement.ownerId], 'offers', notice(announcementTitle(announcement)));
    }
  });
  return { isBlocked: true };
}

/** Readmission: the user can log in again (their ended offers and announcements stay ended). */
export async function readmitUser(db: Db, userId: string): Promise<{ isBlocked: false }> {
  await db.transaction(async (tx) => {
    await lockBlockable(tx, userId);
    await tx.update(users).set({ isBlocked: false }).where(eq(users.id, userId));
  });
  return { isBlocked: false };
}
