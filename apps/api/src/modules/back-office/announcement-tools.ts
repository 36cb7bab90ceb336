import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { AnnouncementStatus } from '@casaoferta/domain/codes';
import { announcementKindOfType, isMonthlyKind } from '@casaoferta/domain/announcement-kind';
import { activeOfferStatuses } from '@casaoferta/domain/rules/offer-rules';
import { isUnlocked } from '@casaoferta/domain/rules/paid-unlock';
import type { ExtendPeriodResponse, MarkPaidResponse } from '@casaoferta/domain/schemas/agent-tools';
import type { Db } from '../../db/client';
import { announcements, offers, users } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { enqueueMessage } from '../../platform/outbox';
import { noticeRecipients, notifyUser } from '../offers/notify';
import { announcementTitle } from '../offers/views';
import { announcementToolNotices } from './announcement-tools-texts';

/**
 * The states whose period an agent can extend: a published announcement taking offers (AST001). One
 * whose period ran out but that the expiry job has not moved yet is still AST001 and is extended from
 * now. Any other state (draft, pending, rejected, bidding closed, tenant selected, withdrawn, ended,
 * closed) has no running period: 409 INVALID_STATE (the owner reactivates those through validation).
 */
export const extendableStatuses: readonly string[] = [AnnouncementStatus.Validated];

/**
 * POST /api/agents/announcement/{id}/extend-period: adds `days` (default: one more period of the
 * announcement's own length, `period_days`) to its end of publication, counted from the later of its
 * current end and now. One guarded UPDATE ... WHERE status, so a racing expiry, withdrawal or block
 * either comes first (409 here) or sees the new end; concurrent extensions add up, each under the row
 * lock. The owner is told through the outbox in the same transaction.
 */
export async function extendAnnouncementPeriod(
  db: Db,
  announcementId: string,
  days: number | undefined,
): Promise<ExtendPeriodResponse> {
  return db.transaction(async (tx) => {
    const added = days === undefined ? sql`${announcements.periodDays}` : sql`${days}::int`;
    const [row] = await tx
      .update(announcements)
      .set({
        endsAt: sql`greatest(coalesce(${announcements.endsAt}, now()), now()) + make_interval(days => ${added})`,
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(announcements.id, announcementId), inArray(announcements.statusCode, [...extendableStatuses])),
      )
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: announcements.id })
        .from(announcements)
        .where(eq(announcements.id, announcementId));
      throw new DomainError(exists ? 'INVALID_STATE' : 'NOT_FOUND');
    }
    if (!row.endsAt) throw new Error('extendAnnouncementPeriod: no end after the update');
    await notifyUser(
      tx,
      row.ownerId,
      'announcements',
      announcementToolNotices.periodExtended(announcementTitle(row), row.endsAt),
    );
    return { id: row.id, endsAt: row.endsAt.toISOString() };
  });
}

/**
 * POST /api/agents/announcement/{id}/send-offers-email (SPEC 7.2): the owner gets, by e-mail, the
 * announcement's current offers (amounts only once it is unlocked, as on their offers page) with the link
 * to compare them. It goes to the owner's confirmed address, and only if they take e-mail notices of
 * offers: else 409 `OWNER_NO_EMAIL`, nothing queued.
 */
export async function sendOffersEmail(
  db: Db,
  announcementId: string,
  origin: string,
): Promise<{ id: string; sentTo: string; offers: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ announcement: announcements, owner: users })
      .from(announcements)
      .innerJoin(users, eq(users.id, announcements.ownerId))
      .where(eq(announcements.id, announcementId));
    if (!row) throw new DomainError('NOT_FOUND');
    const { announcement, owner } = row;
    const [address] = noticeRecipients(
      { email: owner.email, phone: null, settings: owner.notificationSettings },
      'offers',
    ).map(([, recipient]) => recipient);
    if (!address) throw new DomainError('OWNER_NO_EMAIL');
    const unlocked = isUnlocked(announcement);
    const current = await tx
      .select({
        amount: offers.amount,
        createdAt: offers.createdAt,
        isVisitRequest: offers.isVisitRequest,
        candidateVerified: users.isVerified,
      })
      .from(offers)
      .innerJoin(users, eq(users.id, offers.candidateId))
      .where(
        and(eq(offers.announcementId, announcementId), inArray(offers.statusCode, [...activeOfferStatuses])),
      )
      // Locked, not even their order tells the amounts: newest first, as the owner's page sorts them.
      .orderBy(...(unlocked ? [desc(offers.amount), desc(offers.createdAt)] : [desc(offers.createdAt)]));
    const perMonth = isMonthlyKind(announcementKindOfType(announcement.typeCode));
    const link = new URL(`/property/${announcement.propertyId}/offers`, origin).toString();
    const notice = announcementToolNotices.offersSummary(
      announcementTitle(announcement),
      current.map((o) => ({
        amount: o.amount,
        perMonth,
        at: o.createdAt,
        candidateVerified: o.candidateVerified,
        isVisitRequest: o.isVisitRequest,
      })),
      link,
      unlocked,
    );
    await enqueueMessage(tx, { channel: 'email', recipient: address, ...notice });
    return { id: announcement.id, sentTo: address, offers: current.length };
  });
}

/**
 * POST /api/agents/announcement/{id}/mark-paid (SPEC 6 'unlock announcement'): unlocks it as a payment
 * would (the owner sees the offer amounts and the candidates' contact), recording the agent and when. One
 * guarded UPDATE ... WHERE is_paid = false: of many at once one unlocks, the others get 409
 * `INVALID_STATE`, as does an announcement already paid. The owner is told in the same transaction.
 */
export async function markAnnouncementPaid(
  db: Db,
  announcementId: string,
  agentId: string,
): Promise<MarkPaidResponse> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(announcements)
      .set({ isPaid: true, paidAt: sql`now()`, paidByAgentId: agentId, updatedAt: sql`now()` })
      .where(and(eq(announcements.id, announcementId), eq(announcements.isPaid, false)))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: announcements.id })
        .from(announcements)
        .where(eq(announcements.id, announcementId));
      throw new DomainError(exists ? 'INVALID_STATE' : 'NOT_FOUND');
    }
    await notifyUser(tx, row.ownerId, 'offers', announcementToolNotices.unlocked(announcementTitle(row)));
    return { id: row.id, isPaid: true, paidAt: (row.paidAt ?? new Date()).toISOString() };
  });
}
