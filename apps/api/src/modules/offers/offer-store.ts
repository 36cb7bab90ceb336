import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { OfferEventKindCode } from '@casaoferta/domain/codes';
import {
  decidedAgainstOfferStatuses,
  decidedAnnouncementStatuses,
  standingOfferStatuses,
} from '@casaoferta/domain/rules/offer-summary';
import type { Db } from '../../db/client';
import { announcements, offerEvents, offers } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';

/**
 * What every change of an offer does inside its transaction: lock the announcement (one order for
 * every writer: the announcement, then its offers), write the event, keep the announcement's highest
 * offer and count equal to the domain's summary (rules/offer-summary.ts), and announce the change on `offer_events` (delivered by
 * PostgreSQL on commit to every API process: live updates, decision 014).
 */

export type AnnouncementRow = typeof announcements.$inferSelect;
export type OfferRow = typeof offers.$inferSelect;

/** The announcement, locked until the transaction ends, or 404. */
export async function lockAnnouncementForOffers(tx: Db, announcementId: string): Promise<AnnouncementRow> {
  const [row] = await tx
    .select()
    .from(announcements)
    .where(eq(announcements.id, announcementId))
    .for('update');
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

/**
 * The offers the summary counts (domain rules/offer-summary.ts, `countsInSummary`), as SQL: sent and
 * selected always, not selected while the announcement (the row being updated) is decided.
 */
const countedInSummary = (announcementId: string) =>
  and(
    eq(offers.announcementId, announcementId),
    or(
      inArray(offers.statusCode, [...standingOfferStatuses]),
      and(
        inArray(offers.statusCode, [...decidedAgainstOfferStatuses]),
        inArray(announcements.statusCode, [...decidedAnnouncementStatuses]),
      ),
    ),
  );

/**
 * The announcement's highest offer and count recomputed from its offers, by the domain's one rule, with
 * the announcement's status as it is in this transaction (call it after any change of the status too).
 */
export async function refreshOfferSummary(tx: Db, announcementId: string) {
  const counted = countedInSummary(announcementId);
  const [row] = await tx
    .update(announcements)
    .set({
      highestOffer: sql`(select max(${offers.amount}) from ${offers} where ${counted} and not ${offers.isVisitRequest})`,
      offersCount: sql`(select count(*)::int from ${offers} where ${counted})`,
    })
    .where(eq(announcements.id, announcementId))
    .returning({
      statusCode: announcements.statusCode,
      highestOffer: announcements.highestOffer,
      offersCount: announcements.offersCount,
    });
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

export type OfferSummary = Awaited<ReturnType<typeof refreshOfferSummary>>;

/** The message every API process receives on commit (see live/). */
export interface OfferNotice {
  announcementId: string;
  ownerId: string;
  /** Absent when the event concerns the announcement only (its status changed). */
  offerId?: string;
  candidateId?: string;
  offerStatusCode?: string;
  kind: OfferEventKindCode;
  summary: OfferSummary;
}

export const OFFER_CHANNEL = 'offer_events';

export async function announceOfferChange(tx: Db, notice: OfferNotice): Promise<void> {
  await tx.execute(sql`select pg_notify(${OFFER_CHANNEL}, ${JSON.stringify(notice)})`);
}

export async function recordOfferEvent(
  tx: Db,
  offerId: string,
  kind: OfferEventKindCode,
  extra: { amount?: number | null; reasonCode?: string | null } = {},
): Promise<void> {
  await tx.insert(offerEvents).values({
    offerId,
    kind,
    amount: extra.amount ?? null,
    reasonCode: extra.reasonCode ?? null,
  });
}
