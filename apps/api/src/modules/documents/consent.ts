import { and, eq, inArray, sql } from 'drizzle-orm';
import { activeOfferStatuses } from '@casaoferta/domain/rules/offer-rules';
import type { Db } from '../../db/client';
import { offers } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';

export interface DocumentsShareState {
  shared: boolean;
  sharedAt: string | null;
}

const stateOf = (sharedAt: Date | null): DocumentsShareState => ({
  shared: sharedAt !== null,
  sharedAt: sharedAt ? sharedAt.toISOString() : null,
});

/** The candidate's own offer on that announcement (anyone else's, or another announcement's, is none). */
const candidatesOffer = (candidateId: string, announcementId: string, offerId: string) =>
  and(eq(offers.id, offerId), eq(offers.announcementId, announcementId), eq(offers.candidateId, candidateId));

/** GET .../documents-share: whether the candidate shares their documents with this offer's owner. */
export async function readDocumentsShare(
  db: Db,
  candidateId: string,
  announcementId: string,
  offerId: string,
): Promise<DocumentsShareState> {
  const [row] = await db
    .select({ sharedAt: offers.documentsSharedAt })
    .from(offers)
    .where(candidatesOffer(candidateId, announcementId, offerId));
  if (!row) throw new DomainError('NOT_FOUND');
  return stateOf(row.sharedAt);
}

/**
 * PUT .../documents-share. Granting is one guarded UPDATE that only matches a current offer (sent or
 * selected), so it cannot land on an offer withdrawn or decided meanwhile: 409 OFFER_NOT_ACTIVE then.
 * Granting again keeps the first time (the owner has had access since). Revoking always works, on any
 * offer, and takes effect for the next download at once (the owner's reads carry the consent).
 */
export async function setDocumentsShare(
  db: Db,
  candidateId: string,
  announcementId: string,
  offerId: string,
  shared: boolean,
): Promise<DocumentsShareState> {
  const mine = candidatesOffer(candidateId, announcementId, offerId);
  const [row] = shared
    ? await db
        .update(offers)
        .set({ documentsSharedAt: sql`coalesce(${offers.documentsSharedAt}, now())` })
        .where(and(mine, inArray(offers.statusCode, activeOfferStatuses)))
        .returning({ sharedAt: offers.documentsSharedAt })
    : await db
        .update(offers)
        .set({ documentsSharedAt: null })
        .where(mine)
        .returning({ sharedAt: offers.documentsSharedAt });
  if (row) return stateOf(row.sharedAt);
  await readDocumentsShare(db, candidateId, announcementId, offerId);
  throw new DomainError('OFFER_NOT_ACTIVE');
}
