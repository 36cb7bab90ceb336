import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  AnnouncementStatus,
  OfferEventKind,
  OfferStatus,
  type OfferDecisionReasonCode,
  type OfferEventKindCode,
} from '@casaoferta/domain/codes';
import { activeOfferStatuses } from '@casaoferta/domain/rules/offer-rules';
import type { Db } from '../../db/client';
import { announcements, offerEvents, offers } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { lockAnnouncement } from '../properties/owned';
import { notifyUsers, type Notice } from './notify';
import {
  announceOfferChange,
  refreshOfferSummary,
  type AnnouncementRow,
  type OfferRow,
  type OfferSummary,
} from './offer-store';
import { offerNotices } from './texts';
import { announcementTitle } from './views';

/**
 * The owner's decisions on the offers of an announcement, and what the announcement's own moves do to
 * them. Every function runs inside one transaction that holds the announcement's lock, taken in the one
 * order every writer uses: the property, then the announcement, then its offers.
 */

/** Statuses an owner may still pick a candidate from: published, or bidding closed. */
const decidable = [AnnouncementStatus.Validated, AnnouncementStatus.BiddingClosed];

/**
 * POST .../offer/{offerId}/select-tenant. The announcement moves to AST004 by an update that only a
 * published or closed announcement passes, and the offer to OSC002 by one that only a sent offer
 * passes (with a unique index allowing one selected offer per announcement behind both): of two tabs
 * selecting at once, the second waits for the lock and then finds the announcement decided (409
 * `OFFER_ALREADY_SELECTED`). Every other current offer becomes OSC004 with the reason the owner chose,
 * and each candidate hears the outcome.
 */
export async function selectTenant(
  db: Db,
  ownerId: string,
  announcementId: string,
  offerId: string,
  reasonCode: OfferDecisionReasonCode,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { announcement } = await lockAnnouncement(tx, announcementId, ownerId);
    const [target] = await tx
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.id, offerId), eq(offers.announcementId, announcementId)));
    if (!target) throw new DomainError('NOT_FOUND');

    const [decided] = await tx
      .update(announcements)
      .set({ statusCode: AnnouncementStatus.TenantSelected, statusReason: null, updatedAt: sql`now()` })
      .where(and(eq(announcements.id, announcementId), inArray(announcements.statusCode, decidable)))
      .returning({ id: announcements.id });
    if (!decided) {
      throw new DomainError(
        announcement.statusCode === AnnouncementStatus.TenantSelected
          ? 'OFFER_ALREADY_SELECTED'
          : 'INVALID_STATE',
      );
    }
    const [selected] = await tx
      .update(offers)
      .set({ statusCode: OfferStatus.Selected, decisionReasonCode: null, updatedAt: sql`now()` })
      .where(and(eq(offers.id, offerId), eq(offers.statusCode, OfferStatus.Sent)))
      .returning();
    if (!selected) throw new DomainError('OFFER_NOT_ACTIVE');
    const others = await tx
      .update(offers)
      .set({ statusCode: OfferStatus.NotSelected, decisionReasonCode: reasonCode, updatedAt: sql`now()` })
      .where(
        and(
          eq(offers.announcementId, announcementId),
          eq(offers.statusCode, OfferStatus.Sent),
          ne(offers.id, offerId),
        ),
      )
      .returning();

    await insertEvents(tx, [selected], OfferEventKind.Selected);
    await insertEvents(tx, others, OfferEventKind.NotSelected, reasonCode);
    const title = announcementTitle(announcement);
    await notifyAll(tx, [selected], offerNotices.selected(title));
    await notifyAll(tx, others, offerNotices.notSelected(title, reasonCode));
    const summary = await refreshOfferSummary(tx, announcementId);
    await announceEach(tx, announcement, [selected], OfferEventKind.Selected, summary);
    await announceEach(tx, announcement, others, OfferEventKind.NotSelected, summary);
  });
}

/**
 * What an owner's move of the announcement (`runOwnerAction`, holding its lock) does to its offers:
 * closing bidding tells every current candidate (a 'bidding-closed' event each), reopening it likewise
 * ('bidding-reopened'); a withdrawn or ended announcement ends its current offers (OSC005).
 */
export async function offersFollowAnnouncement(tx: Db, before: AnnouncementRow, to: string): Promise<void> {
  const from = before.statusCode;
  if (from === AnnouncementStatus.Validated && to === AnnouncementStatus.BiddingClosed) {
    await tellCurrentOffers(tx, before, OfferEventKind.BiddingClosed, offerNotices.biddingClosed);
  } else if (from === AnnouncementStatus.BiddingClosed && to === AnnouncementStatus.Validated) {
    await tellCurrentOffers(tx, before, OfferEventKind.BiddingReopened, offerNotices.biddingReopened);
  } else if (to === AnnouncementStatus.Withdrawn || to === AnnouncementStatus.Ended) {
    await endCurrentOffers(tx, before);
  }
}

async function tellCurrentOffers(
  tx: Db,
  announcement: AnnouncementRow,
  kind: OfferEventKindCode,
  notice: (title: string) => Notice,
): Promise<void> {
  const current = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.announcementId, announcement.id), eq(offers.statusCode, OfferStatus.Sent)));
  await insertEvents(tx, current, kind);
  await notifyAll(tx, current, notice(announcementTitle(announcement)));
  const summary = await refreshOfferSummary(tx, announcement.id);
  await announceOfferChange(tx, {
    announcementId: announcement.id,
    ownerId: announcement.ownerId,
    kind,
    summary,
  });
}

/** The announcement's current offers (sent or selected) end with it: OSC005, an event and a notice each. */
async function endCurrentOffers(tx: Db, announcement: AnnouncementRow): Promise<void> {
  const ended = await tx
    .update(offers)
    .set({ statusCode: OfferStatus.Ended, updatedAt: sql`now()` })
    .where(and(eq(offers.announcementId, announcement.id), inArray(offers.statusCode, activeOfferStatuses)))
    .returning();
  await insertEvents(tx, ended, OfferEventKind.Ended);
  await notifyAll(tx, ended, offerNotices.ended(announcementTitle(announcement)));
  const summary = await refreshOfferSummary(tx, announcement.id);
  await announceOfferChange(tx, {
    announcementId: announcement.id,
    ownerId: announcement.ownerId,
    kind: OfferEventKind.Ended,
    summary,
  });
  await announceEach(tx, announcement, ended, OfferEventKind.Ended, summary);
}

/**
 * A block of an owner ended these announcements (agents/block-user.ts, in its transaction, after the
 * update that ended them and so holds their locks): their current offers end too.
 */
export async function endOffersOfAnnouncements(tx: Db, announcementIds: readonly string[]): Promise<void> {
  if (announcementIds.length === 0) return;
  const rows = await tx
    .select()
    .from(announcements)
    .where(inArray(announcements.id, [...announcementIds]))
    .orderBy(asc(announcements.id));
  for (const announcement of rows) await endCurrentOffers(tx, announcement);
}

/**
 * First step of a block (SPEC 4.6), before the user's row is locked: the announcements the user has
 * current offers on, locked in id order. An offer being sent holds its announcement and then reads the
 * user (FOR SHARE); taking the announcements first, as it does, means the block and the offer wait for
 * each other in one order and never both. Repeats until no new announcement appears.
 */
export async function lockAnnouncementsOfCandidate(tx: Db, userId: string): Promise<void> {
  const locked = new Set<string>();
  for (;;) {
    const rows = await tx
      .selectDistinct({ id: offers.announcementId })
      .from(offers)
      .where(and(eq(offers.candidateId, userId), inArray(offers.statusCode, activeOfferStatuses)));
    const fresh = rows.map((r) => r.id).filter((id) => !locked.has(id));
    if (fresh.length === 0) return;
    await tx
      .select({ id: announcements.id })
      .from(announcements)
      .where(inArray(announcements.id, fresh))
      .orderBy(asc(announcements.id))
      .for('update');
    for (const id of fresh) locked.add(id);
  }
}

/**
 * SPEC 4.6: a blocked user's current offers are withdrawn (OSC003), with their events, and the
 * announcements' highest offer and count refreshed. An announcement whose selected candidate is
 * blocked goes back to bidding closed (AST004 → AST003): the owner can reopen it or choose again later.
 */
export async function withdrawOffersOfBlockedUser(tx: Db, userId: string): Promise<void> {
  const theirs = and(eq(offers.candidateId, userId), inArray(offers.statusCode, activeOfferStatuses));
  // Read under the announcements' locks (lockAnnouncementsOfCandidate): no status changes meanwhile.
  const selectedOn = new Set(
    (await tx.select().from(offers).where(theirs))
      .filter((o) => o.statusCode === OfferStatus.Selected)
      .map((o) => o.announcementId),
  );
  const withdrawn = await tx
    .update(offers)
    .set({ statusCode: OfferStatus.Withdrawn, updatedAt: sql`now()` })
    .where(theirs)
    .returning();
  await insertEvents(tx, withdrawn, OfferEventKind.Withdrawn);
  const announcementIds = [...new Set(withdrawn.map((o) => o.announcementId))].sort();
  for (const announcementId of announcementIds) {
    if (selectedOn.has(announcementId)) {
      await tx
        .update(announcements)
        .set({ statusCode: AnnouncementStatus.BiddingClosed, updatedAt: sql`now()` })
        .where(
          and(
            eq(announcements.id, announcementId),
            eq(announcements.statusCode, AnnouncementStatus.TenantSelected),
          ),
        );
    }
    const summary = await refreshOfferSummary(tx, announcementId);
    const [announcement] = await tx.select().from(announcements).where(eq(announcements.id, announcementId));
    if (!announcement) continue;
    const here = withdrawn.filter((o) => o.announcementId === announcementId);
    await announceEach(tx, announcement, here, OfferEventKind.Withdrawn, summary);
  }
}

/** One event of `kind` for each offer, in one statement. */
export async function insertEvents(
  tx: Db,
  rows: readonly OfferRow[],
  kind: OfferEventKindCode,
  reasonCode: string | null = null,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(offerEvents).values(rows.map((o) => ({ offerId: o.id, kind, reasonCode })));
}

async function notifyAll(tx: Db, rows: readonly OfferRow[], notice: Notice): Promise<void> {
  await notifyUsers(
    tx,
    rows.map((o) => o.candidateId),
    'offers',
    notice,
  );
}

/** The live event of each offer of one announcement (pg_notify, delivered on commit). */
export async function announceEach(
  tx: Db,
  announcement: Pick<AnnouncementRow, 'id' | 'ownerId'>,
  rows: readonly OfferRow[],
  kind: OfferEventKindCode,
  summary: OfferSummary,
): Promise<void> {
  for (const o of rows) {
    await announceOfferChange(tx, {
      announcementId: announcement.id,
      ownerId: announcement.ownerId,
      offerId: o.id,
      candidateId: o.candidateId,
      offerStatusCode: o.statusCode,
      kind,
      summary,
    });
  }
}
