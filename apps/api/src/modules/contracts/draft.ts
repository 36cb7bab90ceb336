import { and, eq, ne } from 'drizzle-orm';
import { AnnouncementStatus, ContractStatus, OfferStatus } from '@casaoferta/domain/codes';
import type { ContractViewDto } from '@casaoferta/domain/schemas/contracts';
import type { Db } from '../../db/client';
import { announcements, contracts, offers } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { contractKindOf, contractView } from './store';
import { prefilledTerms } from './terms';

/**
 * POST /api/contract/draft: the contract of an announcement whose owner selected a candidate (AST004,
 * an offer OSC002). One alive contract per announcement: a second call, or two at once, get the one that
 * exists (the partial unique index decides between concurrent inserts), `created: false`.
 */
export async function draftContract(
  db: Db,
  ownerId: string,
  announcementId: string,
): Promise<{ view: ContractViewDto; created: boolean }> {
  const [announcement] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, announcementId), eq(announcements.ownerId, ownerId)));
  if (!announcement) throw new DomainError('NOT_FOUND');

  const alive = async () => {
    const [row] = await db
      .select()
      .from(contracts)
      .where(
        and(eq(contracts.announcementId, announcementId), ne(contracts.statusCode, ContractStatus.Cancelled)),
      );
    return row;
  };
  const existing = await alive();
  if (existing) return { view: await contractView(db, existing, ownerId), created: false };

  if (announcement.statusCode !== AnnouncementStatus.TenantSelected)
    throw new DomainError('CONTRACT_NOT_DECIDED');
  const [offer] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.announcementId, announcementId), eq(offers.statusCode, OfferStatus.Selected)));
  if (!offer) throw new DomainError('CONTRACT_NOT_DECIDED');

  // A visit request carries no amount: the announcement's price is what was agreed.
  const amount = offer.amount > 0 ? offer.amount : (announcement.price ?? 0);
  const [inserted] = await db
    .insert(contracts)
    .values({
      announcementId,
      offerId: offer.id,
      ownerId,
      tenantId: offer.candidateId,
      typeCode: announcement.typeCode,
      amount,
      terms: { ...prefilledTerms(contractKindOf(announcement.typeCode), announcement, amount) },
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { view: await contractView(db, inserted, ownerId), created: true };
  const winner = await alive();
  if (!winner) throw new DomainError('CONFLICT');
  return { view: await contractView(db, winner, ownerId), created: false };
}
