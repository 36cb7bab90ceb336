import { and, eq, sql } from 'drizzle-orm';
import { OfferEventKind, OfferStatus } from '@casaoferta/domain/codes';
import type { Db } from '../../db/client';
import { offers } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import {
  announceOfferChange,
  lockAnnouncementForOffers,
  recordOfferEvent,
  refreshOfferSummary,
  type AnnouncementRow,
  type OfferRow,
} from './offer-store';

/**
 * PUT .../offer/{offerId}/withdraw: the candidate takes back a sent offer. The state is checked by the
 * update itself (`status_code = 'OSC001'`): a selected, already withdrawn or decided offer is a 409, and
 * a new offer is possible afterwards (the unique index covers current offers only).
 */
export async function withdrawOffer(
  db: Db,
  candidateId: string,
  announcementId: string,
  offerId: string,
): Promise<{ offer: OfferRow; announcement: AnnouncementRow }> {
  return db.transaction(async (tx) => {
    const announcement = await lockAnnouncementForOffers(tx, announcementId);
    const mine = and(
      eq(offers.id, offerId),
      eq(offers.announcementId, announcementId),
      eq(offers.candidateId, candidateId),
    );
    const [offer] = await tx
      .update(offers)
      .set({ statusCode: OfferStatus.Withdrawn, updatedAt: sql`now()` })
      .where(and(mine, eq(offers.statusCode, OfferStatus.Sent)))
      .returning();
    if (!offer) {
      const [exists] = await tx.select({ id: offers.id }).from(offers).where(mine);
      throw new DomainError(exists ? 'OFFER_NOT_ACTIVE' : 'NOT_FOUND');
    }
    await recordOfferEvent(tx, offer.id, OfferEventKind.Withdrawn);
    const summary = await refreshOfferSummary(tx, announcementId);
    await announceOfferChange(tx, {
      announcementId,
      ownerId: announcement.ownerId,
      offerId,
      candidateId,
      offerStatusCode: offer.statusCode,
      kind: OfferEventKind.Withdrawn,
      summary,
    });
    return { offer, announcement: { ...announcement, ...summary } };
  });
}
