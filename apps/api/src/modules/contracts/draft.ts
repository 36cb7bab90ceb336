import { and, eq, ne, sql } from 'drizzle-orm';
import { AnnouncementStatus, ContractStatus, OfferStatus } from '@casaoferta/domain/codes';
import { contractAllowed } from '@casaoferta/domain/rules/paid-unlock';
import type { ContractViewDto } from '@casaoferta/domain/schemas/contracts';
import type { Db } from '../../db/client';
import { announcements, contracts, offers } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { contractKindOf, contractView } from './store';
import { prefilledTerms } from './terms';

/**
 * POST /api/contract/draft: the contract of an announcement whose owner selected a candidate (AST004,
 * an offer OSC002) and paid for it (the paid unlock, decision 026: a contract names the candidate and
 * the amount). One alive contract per announcement: a second call, or two at once, get the one that
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
  // Before anything of the contract is read: an unpaid announcement's contract is not shown either.
  if (!contractAllowed(announcement)) throw new DomainError('ANNOUNCEMENT_NOT_PAID');

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
  // A sale's arras are those the buyer accepted with the offer (decision 029).
  const terms = prefilledTerms(
    contractKindOf(announcement.typeCode),
    announcement,
    amount,
    offer.acceptedArras,
  );
  /*
   * The insert is guarded by the state it was decided on, in its own statement: it only happens while
   * the announcement is the caller's, paid, with this offer still selected. The reads above only chose
   * the values and the error to answer; a change in between (a selection undone, the announcement moved
   * on) inserts nothing and is diagnosed again below.
   */
  const inserted = (await db.execute(sql`
    insert into ${contracts} (announcement_id, offer_id, owner_id, tenant_id, type_code, amount, terms)
    select a.id, o.id, a.owner_id, o.candidate_id, a.type_code, ${amount}::integer, ${JSON.stringify(terms)}::jsonb
    from ${announcements} a
    join ${offers} o on o.announcement_id = a.id
    where a.id = ${announcementId}::uuid and a.owner_id = ${ownerId}::uuid and a.is_paid
      and a.status_code = ${AnnouncementStatus.TenantSelected}::text
      and o.id = ${offer.id}::uuid and o.status_code = ${OfferStatus.Selected}::text
    on conflict do nothing
    returning id`)) as unknown as { rows: { id: string }[] };
  const insertedId = inserted.rows[0]?.id;
  if (insertedId) {
    const [row] = await db.select().from(contracts).where(eq(contracts.id, insertedId));
    if (row) return { view: await contractView(db, row, ownerId), created: true };
  }
  const winner = await alive();
  if (!winner) throw new DomainError('CONFLICT');
  return { view: await contractView(db, winner, ownerId), created: false };
}
