import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { AnnouncementType, ContractStatus } from '@casaoferta/domain/codes';
import { contractAllowed } from '@casaoferta/domain/rules/paid-unlock';
import type {
  ContractKind,
  ContractPartyRole,
  ContractSummaryDto,
  ContractViewDto,
  OwnerContractInput,
  TenantContractInput,
} from '@casaoferta/domain/schemas/contracts';
import type { Db } from '../../db/client';
import { announcements, contractImages, contracts, users } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { announcementTitle } from '../offers/views';

export type ContractRow = typeof contracts.$inferSelect;
export type AnnouncementRow = typeof announcements.$inferSelect;

/** The statuses a contract may still be cancelled (and its photos changed) in. */
export const openStatuses = [
  ContractStatus.Draft,
  ContractStatus.OwnerDataDone,
  ContractStatus.TenantDataDone,
  ContractStatus.SentToSign,
] as const;

export const contractKindOf = (typeCode: string): ContractKind =>
  typeCode === AnnouncementType.Sale
    ? 'sale'
    : typeCode === AnnouncementType.RoomRental
      ? 'room_rental'
      : 'rental';

/** The owner's saved data (what PUT .../owner stored), or null. */
export const ownerDataOf = (contract: ContractRow): OwnerContractInput | null =>
  (contract.ownerData as OwnerContractInput | null) ?? null;
export const tenantDataOf = (contract: ContractRow): TenantContractInput | null =>
  (contract.tenantData as TenantContractInput | null) ?? null;

/**
 * The contract named in the path, if the caller is one of its parties; 404 for anyone else. The owner
 * of an announcement that is not paid gets 402 `ANNOUNCEMENT_NOT_PAID` (the paid unlock, decision 026:
 * a contract names the candidate and the amount), read in the same statement as the contract; the
 * draft needs the payment, so only a contract drafted before that rule can meet it.
 */
export async function findPartyContract(
  db: Db,
  contractId: string,
  userId: string,
): Promise<{ contract: ContractRow; role: ContractPartyRole }> {
  const [row] = await db
    .select({ contract: contracts, isPaid: announcements.isPaid })
    .from(contracts)
    .innerJoin(announcements, eq(announcements.id, contracts.announcementId))
    .where(
      and(eq(contracts.id, contractId), or(eq(contracts.ownerId, userId), eq(contracts.tenantId, userId))),
    );
  if (!row) throw new DomainError('NOT_FOUND');
  const role = row.contract.ownerId === userId ? 'owner' : 'tenant';
  if (role === 'owner' && !contractAllowed({ isPaid: row.isPaid }))
    throw new DomainError('ANNOUNCEMENT_NOT_PAID');
  return { contract: row.contract, role };
}

/** Who must act next, and what they must do. */
export function nextOf(contract: ContractRow): Pick<ContractViewDto, 'nextActor' | 'nextStep'> {
  switch (contract.statusCode) {
    case ContractStatus.Draft:
      return { nextActor: 'owner', nextStep: 'fill_owner' };
    case ContractStatus.OwnerDataDone:
      return { nextActor: 'tenant', nextStep: 'fill_tenant' };
    case ContractStatus.TenantDataDone:
      return { nextActor: 'owner', nextStep: 'send_to_sign' };
    case ContractStatus.SentToSign: {
      const owner = contract.ownerSignature === null;
      const tenant = contract.tenantSignature === null;
      return { nextActor: owner && tenant ? 'both' : owner ? 'owner' : 'tenant', nextStep: 'sign' };
    }
    case ContractStatus.Signed:
      return { nextActor: null, nextStep: 'done' };
    default:
      return { nextActor: null, nextStep: 'cancelled' };
  }
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
const signatureView = (signature: ContractRow['ownerSignature']) =>
  signature ? { fullName: signature.fullName, signedAt: signature.signedAt } : null;

/** The full name a party goes by on the contract: their saved data, else their account's. */
const partyName = (
  data: { party: { name: string; surname: string } } | null,
  account: AccountName | undefined,
) =>
  data ? `${data.party.name} ${data.party.surname}` : account ? `${account.name} ${account.surname}` : '';

interface AccountName {
  name: string;
  surname: string;
}

/** The views of `rows` as `userId` sees them (one read of announcements, names and photo counts). */
export async function contractViews(db: Db, rows: ContractRow[], userId: string): Promise<ContractViewDto[]> {
  if (rows.length === 0) return [];
  const announcementIds = [...new Set(rows.map((row) => row.announcementId))];
  const userIds = [...new Set(rows.flatMap((row) => [row.ownerId, row.tenantId]))];
  const contractIds = rows.map((row) => row.id);
  const [announcementRows, accounts, counts] = await Promise.all([
    db.select().from(announcements).where(inArray(announcements.id, announcementIds)),
    db
      .select({ id: users.id, name: users.name, surname: users.surname })
      .from(users)
      .where(inArray(users.id, userIds)),
    db
      .select({ contractId: contractImages.contractId, count: sql<number>`count(*)::int` })
      .from(contractImages)
      .where(inArray(contractImages.contractId, contractIds))
      .groupBy(contractImages.contractId),
  ]);
  const announcementOf = new Map(announcementRows.map((row) => [row.id, row]));
  const accountOf = new Map(accounts.map((row) => [row.id, row]));
  const countOf = new Map(counts.map((row) => [row.contractId, row.count]));
  return rows.map((contract) => {
    const announcement = announcementOf.get(contract.announcementId);
    if (!announcement) throw new Error(`contract ${contract.id}: announcement missing`);
    return {
      id: contract.id,
      announcementId: contract.announcementId,
      propertyId: announcement.propertyId,
      offerId: contract.offerId,
      kind: contractKindOf(contract.typeCode),
      statusCode: contract.statusCode as ContractViewDto['statusCode'],
      role: contract.ownerId === userId ? 'owner' : 'tenant',
      title: announcementTitle(announcement),
      municipality: announcement.municipalityName,
      amount: contract.amount,
      ownerName: partyName(ownerDataOf(contract), accountOf.get(contract.ownerId)),
      tenantName: partyName(tenantDataOf(contract), accountOf.get(contract.tenantId)),
      ownerSentAt: iso(contract.ownerSentAt),
      tenantSentAt: iso(contract.tenantSentAt),
      sentToSignAt: iso(contract.sentToSignAt),
      documentSha256: contract.documentSha256,
      ownerSignature: signatureView(contract.ownerSignature),
      tenantSignature: signatureView(contract.tenantSignature),
      signedAt: iso(contract.signedAt),
      cancelledAt: iso(contract.cancelledAt),
      cancelledBy:
        contract.cancelledBy === 'owner' || contract.cancelledBy === 'tenant' ? contract.cancelledBy : null,
      ...nextOf(contract),
      imagesCount: countOf.get(contract.id) ?? 0,
      createdAt: contract.createdAt.toISOString(),
      updatedAt: contract.updatedAt.toISOString(),
    };
  });
}

export async function contractView(db: Db, contract: ContractRow, userId: string): Promise<ContractViewDto> {
  const [view] = await contractViews(db, [contract], userId);
  if (!view) throw new Error('contractView: no view');
  return view;
}

/**
 * GET /api/contracts: the caller's, as owner or tenant, newest activity first; as owner, only those of
 * paid announcements (the others name a candidate the owner has not unlocked, decision 026).
 */
export async function listContracts(db: Db, userId: string): Promise<ContractSummaryDto[]> {
  const rows = await db
    .select({ contract: contracts })
    .from(contracts)
    .innerJoin(announcements, eq(announcements.id, contracts.announcementId))
    .where(
      or(eq(contracts.tenantId, userId), and(eq(contracts.ownerId, userId), eq(announcements.isPaid, true))),
    )
    .orderBy(desc(contracts.updatedAt), desc(contracts.id))
    .limit(200);
  const views = await contractViews(
    db,
    rows.map((row) => row.contract),
    userId,
  );
  return views.map((view) => ({
    id: view.id,
    announcementId: view.announcementId,
    propertyId: view.propertyId,
    kind: view.kind,
    statusCode: view.statusCode,
    role: view.role,
    title: view.title,
    municipality: view.municipality,
    amount: view.amount,
    nextActor: view.nextActor,
    nextStep: view.nextStep,
    updatedAt: view.updatedAt,
    counterpartName: view.role === 'owner' ? view.tenantName : view.ownerName,
  }));
}

/** The announcement of a contract (its title and reference for messages and the file name). */
export async function announcementOf(db: Db, contract: ContractRow): Promise<AnnouncementRow> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, contract.announcementId));
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}
