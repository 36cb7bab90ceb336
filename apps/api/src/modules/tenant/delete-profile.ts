import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { OfferEventKind, OfferStatus } from '@casaoferta/domain/codes';
import type { Db } from '../../db/client';
import {
  announcements,
  householdPeople,
  offers,
  tenantDocuments,
  tenantProfiles,
  users,
} from '../../db/schema/index';
import { transactionWithRetry } from '../../platform/transactions';
import { removeDocumentFiles } from '../documents/files';
import { announceEach, insertEvents, lockAnnouncementsOfCandidate } from '../offers/decide';
import { refreshOfferSummary } from '../offers/offer-store';
import { lockTenant } from './profile-store';
import type { ObjectStore } from '../../platform/storage/index';

/**
 * The tenant's sent offers (OSC001) become withdrawn (OSC003) as a candidate's own withdrawal does them
 * (withdraw-offer.ts): the guarded update, the 'withdrawn' event, the announcement's highest offer and
 * count refreshed and the live event, with the announcements already locked by the caller. A selected
 * offer (OSC002) stays: the owner chose it.
 */
async function withdrawSentOffers(tx: Db, candidateId: string): Promise<number> {
  const withdrawn = await tx
    .update(offers)
    .set({ statusCode: OfferStatus.Withdrawn, updatedAt: sql`now()` })
    .where(and(eq(offers.candidateId, candidateId), eq(offers.statusCode, OfferStatus.Sent)))
    .returning();
  const announcementIds = [...new Set(withdrawn.map((offer) => offer.announcementId))].sort();
  const owners = new Map(
    announcementIds.length === 0
      ? []
      : (
          await tx
            .select({ id: announcements.id, ownerId: announcements.ownerId })
            .from(announcements)
            .where(inArray(announcements.id, announcementIds))
            .orderBy(asc(announcements.id))
        ).map((row) => [row.id, row.ownerId]),
  );
  await insertEvents(tx, withdrawn, OfferEventKind.Withdrawn);
  for (const announcementId of announcementIds) {
    const summary = await refreshOfferSummary(tx, announcementId);
    const ownerId = owners.get(announcementId);
    if (ownerId === undefined) continue;
    const here = withdrawn.filter((row) => row.announcementId === announcementId);
    await announceEach(tx, { id: announcementId, ownerId }, here, OfferEventKind.Withdrawn, summary);
  }
  return withdrawn.length;
}

/**
 * DELETE /api/tenant/profile: in one transaction the profile, every person of it and every document
 * row go, `has_profile_completed` becomes false and the sent offers are withdrawn; the files are removed
 * once it committed. Locks in the order every offer writer takes them: the announcements of the
 * tenant's current offers, then the tenant's user row (which also holds off new documents meanwhile).
 */
export async function deleteProfile(
  db: Db,
  store: ObjectStore,
  userId: string,
): Promise<{ withdrawnOffers: number }> {
  const { storageKeys, withdrawnOffers } = await transactionWithRetry(db, async (tx) => {
    await lockAnnouncementsOfCandidate(tx, userId);
    await lockTenant(tx, userId, 'update');
    // An offer sent just before the user's lock was granted: its announcement too, before its offers.
    await lockAnnouncementsOfCandidate(tx, userId);
    const documents = await tx
      .delete(tenantDocuments)
      .where(eq(tenantDocuments.tenantId, userId))
      .returning({ storageKey: tenantDocuments.storageKey });
    await tx.delete(householdPeople).where(eq(householdPeople.tenantId, userId));
    await tx.delete(tenantProfiles).where(eq(tenantProfiles.userId, userId));
    await tx.update(users).set({ hasProfileCompleted: false }).where(eq(users.id, userId));
    const count = await withdrawSentOffers(tx, userId);
    return { storageKeys: documents.map((doc) => doc.storageKey), withdrawnOffers: count };
  });
  await removeDocumentFiles(store, storageKeys);
  return { withdrawnOffers };
}
