import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { ContractStatus } from '@casaoferta/domain/codes';
import type {
  ContractPartyRole,
  ContractViewDto,
  OwnerContractDataDto,
  OwnerContractInput,
  TenantContractDataDto,
  TenantContractInput,
} from '@casaoferta/domain/schemas/contracts';
import type { Db } from '../../db/client';
import { contracts } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { notifyUsers, type Notice } from '../offers/notify';
import { announcementTitle } from '../offers/views';
import {
  announcementOf,
  contractKindOf,
  contractView,
  findPartyContract,
  openStatuses,
  ownerDataOf,
  tenantDataOf,
  type ContractRow,
} from './store';
import { checkedOwnerInput, checkedParty, prefilledParty, type StoredTerms } from './terms';
import { contractNotices } from './texts';
import { ArrasType } from '@casaoferta/domain/rules/arras';

/** The link to a contract's page in messages. */
export const contractLink = (origin: string, contractId: string): string =>
  `${origin}/contract/${contractId}`;

/** Tells `userIds` of a step of `contract`, in the caller's transaction (their `contracts` settings). */
export async function notifyContract(
  tx: Db,
  contract: ContractRow,
  userIds: string[],
  notice: (title: string, link: string) => Notice,
  origin: string,
): Promise<void> {
  const announcement = await announcementOf(tx, contract);
  await notifyUsers(
    tx,
    userIds,
    'contracts',
    notice(announcementTitle(announcement), contractLink(origin, contract.id)),
  );
}

/** GET .../owner: what the owner saved, or a prefill from their account and the announcement. */
export async function ownerData(db: Db, userId: string, contractId: string): Promise<OwnerContractDataDto> {
  const { contract } = await findPartyContract(db, contractId, userId);
  const saved = ownerDataOf(contract);
  if (saved) return { ...saved, saved: true };
  const terms = contract.terms as unknown as StoredTerms;
  return {
    party: await prefilledParty(db, contract.ownerId),
    rental: terms.rental ?? null,
    sale: terms.sale ?? null,
    saved: false,
  };
}

/** GET .../tenant: what the tenant saved, or a prefill from their account and tenant profile. */
export async function tenantData(db: Db, userId: string, contractId: string): Promise<TenantContractDataDto> {
  const { contract } = await findPartyContract(db, contractId, userId);
  const saved = tenantDataOf(contract);
  if (saved) return { ...saved, saved: true };
  return { party: await prefilledParty(db, contract.tenantId), saved: false };
}

/** Why a guarded update of `contract` did not pass: its data frozen, signed, or another state. */
function refusal(contract: ContractRow, sentAt: Date | null): DomainError {
  if (contract.statusCode === ContractStatus.Signed) return new DomainError('CONTRACT_SIGNED');
  if (sentAt) return new DomainError('CONTRACT_DATA_SENT');
  return new DomainError('CONTRACT_INVALID_STATE');
}

/** Re-reads a contract after a refused update, for the precise refusal. */
async function current(db: Db, contractId: string): Promise<ContractRow> {
  const [row] = await db.select().from(contracts).where(eq(contracts.id, contractId));
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

const requireRole = (role: ContractPartyRole, wanted: ContractPartyRole) => {
  if (role !== wanted) throw new DomainError('CONTRACT_NOT_YOUR_PART');
};

/**
 * PUT .../owner: the owner's data and terms, while the owner has not sent them (CST000). The state is
 * checked by the update itself.
 */
export async function saveOwnerData(
  db: Db,
  userId: string,
  contractId: string,
  input: OwnerContractInput,
): Promise<OwnerContractDataDto> {
  const { contract, role } = await findPartyContract(db, contractId, userId);
  requireRole(role, 'owner');
  const checked = checkedOwnerInput(input, contractKindOf(contract.typeCode), contract.amount);
  // The arras' kind is the announcement's, which the buyer accepted: the owner's form does not change it.
  const drafted = (contract.terms as unknown as StoredTerms).sale;
  const data = checked.sale
    ? {
        ...checked,
        sale: { ...checked.sale, arrasTypeCode: drafted?.arrasTypeCode ?? ArrasType.Penitential },
      }
    : checked;
  const terms: StoredTerms = { rental: data.rental, sale: data.sale };
  const [updated] = await db
    .update(contracts)
    .set({ ownerData: { ...data }, terms: { ...terms }, updatedAt: sql`now()` })
    .where(
      and(
        eq(contracts.id, contractId),
        eq(contracts.statusCode, ContractStatus.Draft),
        isNull(contracts.ownerSentAt),
      ),
    )
    .returning({ id: contracts.id });
  if (!updated) throw refusal(await current(db, contractId), contract.ownerSentAt);
  return { ...data, saved: true };
}

/** PUT .../tenant: the tenant's data, while they have not sent it (CST000 or CST001). */
export async function saveTenantData(
  db: Db,
  userId: string,
  contractId: string,
  input: TenantContractInput,
): Promise<TenantContractDataDto> {
  const { role } = await findPartyContract(db, contractId, userId);
  requireRole(role, 'tenant');
  const data = { party: checkedParty(input.party) };
  const [updated] = await db
    .update(contracts)
    .set({ tenantData: { ...data }, updatedAt: sql`now()` })
    .where(
      and(
        eq(contracts.id, contractId),
        inArray(contracts.statusCode, [ContractStatus.Draft, ContractStatus.OwnerDataDone]),
        isNull(contracts.tenantSentAt),
      ),
    )
    .returning({ id: contracts.id });
  if (!updated) {
    const now = await current(db, contractId);
    throw refusal(now, now.tenantSentAt);
  }
  return { ...data, saved: true };
}

interface Step {
  role: ContractPartyRole;
  from: string;
  to: string;
  /** The saved data the step needs. */
  needs: SQL;
  set: { ownerSentAt?: SQL; tenantSentAt?: SQL };
  /** Who hears of it, and what. */
  tell: (contract: ContractRow) => string[];
  notice: (title: string, link: string) => Notice;
}

const steps = {
  'owner-send': {
    role: 'owner',
    from: ContractStatus.Draft,
    to: ContractStatus.OwnerDataDone,
    needs: isNotNull(contracts.ownerData),
    set: { ownerSentAt: sql`now()` },
    tell: (contract) => [contract.tenantId],
    notice: contractNotices.ownerSent,
  },
  'tenant-send': {
    role: 'tenant',
    from: ContractStatus.OwnerDataDone,
    to: ContractStatus.TenantDataDone,
    needs: isNotNull(contracts.tenantData),
    set: { tenantSentAt: sql`now()` },
    tell: (contract) => [contract.ownerId],
    notice: contractNotices.tenantSent,
  },
} satisfies Record<string, Step>;
export type SendStep = keyof typeof steps;

/**
 * PUT .../owner-send and .../tenant-send: the party's data frozen and the contract one step on, by an
 * update only the expected state (and saved data) passes; the other party hears.
 */
export async function sendData(
  db: Db,
  userId: string,
  contractId: string,
  stepName: SendStep,
  origin: string,
): Promise<ContractViewDto> {
  const step: Step = steps[stepName];
  const { role } = await findPartyContract(db, contractId, userId);
  requireRole(role, step.role);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(contracts)
      .set({ ...step.set, statusCode: step.to, updatedAt: sql`now()` })
      .where(and(eq(contracts.id, contractId), eq(contracts.statusCode, step.from), step.needs))
      .returning();
    if (!row) {
      const now = await current(tx, contractId);
      const data = step.role === 'owner' ? now.ownerData : now.tenantData;
      if (now.statusCode === step.from && data === null) throw new DomainError('CONTRACT_DATA_MISSING');
      throw now.statusCode === ContractStatus.Signed
        ? new DomainError('CONTRACT_SIGNED')
        : new DomainError('CONTRACT_INVALID_STATE');
    }
    await notifyContract(tx, row, step.tell(row), step.notice, origin);
    return row;
  });
  return contractView(db, updated, userId);
}

/**
 * PUT .../owner-cancel and .../tenant-cancel: CST005 from any state before signed (409 once signed or
 * already cancelled); the other party hears.
 */
export async function cancelContract(
  db: Db,
  userId: string,
  contractId: string,
  by: ContractPartyRole,
  origin: string,
): Promise<ContractViewDto> {
  const { role } = await findPartyContract(db, contractId, userId);
  requireRole(role, by);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(contracts)
      .set({
        statusCode: ContractStatus.Cancelled,
        cancelledAt: sql`now()`,
        cancelledBy: by,
        updatedAt: sql`now()`,
      })
      .where(and(eq(contracts.id, contractId), inArray(contracts.statusCode, [...openStatuses])))
      .returning();
    if (!row) {
      const now = await current(tx, contractId);
      throw new DomainError(
        now.statusCode === ContractStatus.Signed ? 'CONTRACT_SIGNED' : 'CONTRACT_INVALID_STATE',
      );
    }
    const other = by === 'owner' ? row.tenantId : row.ownerId;
    await notifyContract(
      tx,
      row,
      [other],
      (title, link) => contractNotices.cancelled(title, by === 'owner', link),
      origin,
    );
    return row;
  });
  return contractView(db, updated, userId);
}
