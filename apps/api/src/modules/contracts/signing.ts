import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { AnnouncementStatus, ContractStatus } from '@casaoferta/domain/codes';
import { foldForSearch } from '@casaoferta/domain/text';
import type { ContractPartyRole, ContractViewDto } from '@casaoferta/domain/schemas/contracts';
import type { Db } from '../../db/client';
import { announcements, contractDocuments, contractSignCodes, contracts, users } from '../../db/schema/index';
import type { PartySignature } from '../../db/schema/contracts';
import { DomainError } from '../../platform/errors';
import { enqueueSecretMessage, logDevMessage } from '../../platform/outbox';
import type { SecretKeys } from '../../platform/secret-keys';
import { codeMatches, hashCode } from '../authentication/otp-hash';
import { notifyContract } from './actions';
import { contractDocumentData } from './document-data';
import { sha256Hex } from './document/digest';
import type { SignatureRecord } from './document/types';
import type { ContractPdf } from './pdf';
import { contractView, findPartyContract, ownerDataOf, tenantDataOf, type ContractRow } from './store';
import { contractNotices, signCodeMessage } from './texts';
import type { ObjectStore } from '../../platform/storage/index';

/** The signing code's policy (ARCHITECTURE §7 as for login codes, longer-lived: reading takes time). */
export const signCodeRules = {
  digits: 6,
  ttlSeconds: 10 * 60,
  maxAttempts: 5,
  sendsPerHour: 5,
} as const;

/** Re-reads a contract after a refused update, for the precise refusal. */
async function reread(db: Db, contractId: string): Promise<ContractRow> {
  const [row] = await db.select().from(contracts).where(eq(contracts.id, contractId));
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

const stateError = (contract: ContractRow): DomainError =>
  new DomainError(
    contract.statusCode === ContractStatus.Signed ? 'CONTRACT_SIGNED' : 'CONTRACT_INVALID_STATE',
  );

/**
 * POST /api/contract/{id}/send-sign (the owner, CST002 → CST003): the PDF is rendered from both parties'
 * sent data and stored with its SHA-256; of two calls at once, the update lets one through (409 for the
 * other). Both parties are told to sign.
 */
export async function sendToSign(
  db: Db,
  pdf: ContractPdf,
  store: ObjectStore,
  userId: string,
  contractId: string,
  origin: string,
): Promise<ContractViewDto> {
  const { contract, role } = await findPartyContract(db, contractId, userId);
  if (role !== 'owner') throw new DomainError('CONTRACT_NOT_YOUR_PART');
  if (contract.statusCode !== ContractStatus.TenantDataDone) throw stateError(contract);
  // The data is frozen from CST002 on: what is rendered now is what the update below sends to sign.
  const unsigned = Buffer.from(await pdf.render(await contractDocumentData(db, store, contract)));
  const sha256 = sha256Hex(unsigned);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(contracts)
      .set({
        statusCode: ContractStatus.SentToSign,
        sentToSignAt: sql`now()`,
        documentSha256: sha256,
        updatedAt: sql`now()`,
      })
      .where(and(eq(contracts.id, contractId), eq(contracts.statusCode, ContractStatus.TenantDataDone)))
      .returning();
    if (!row) throw stateError(await reread(tx, contractId));
    await tx.insert(contractDocuments).values({ contractId, unsignedPdf: unsigned, unsignedSha256: sha256 });
    await notifyContract(tx, row, [row.ownerId, row.tenantId], contractNotices.sentToSign, origin);
    return row;
  });
  return contractView(db, updated, userId);
}

const signatureOf = (contract: ContractRow, party: ContractPartyRole) =>
  party === 'owner' ? contract.ownerSignature : contract.tenantSignature;

/** The contract a party may sign now: theirs, sent to sign, not signed by them yet. */
async function signable(db: Db, userId: string, contractId: string, party: ContractPartyRole) {
  const { contract, role } = await findPartyContract(db, contractId, userId);
  if (role !== party) throw new DomainError('CONTRACT_NOT_YOUR_PART');
  if (contract.statusCode !== ContractStatus.SentToSign) throw stateError(contract);
  if (signatureOf(contract, party)) throw new DomainError('CONTRACT_ALREADY_SIGNED');
  return contract;
}

/** A phone shown masked: the last three digits. */
const masked = (phone: string): string => `••• ••• ${phone.slice(-3)}`;

/**
 * POST /api/contract/{id}/{owner|tenant}/sign-code: a 6-digit code by SMS (through the outbox) to the
 * party's account phone, valid 10 minutes, 5 attempts, stored hashed; a new code voids the older ones.
 * Sends per contract and party are limited (5 an hour), serialised so the limit holds under concurrency.
 */
export async function requestSignCode(
  db: Db,
  keys: SecretKeys,
  userId: string,
  contractId: string,
  party: ContractPartyRole,
  devLog: FastifyBaseLogger | null,
  generate: () => string = () => String(randomInt(0, 10 ** signCodeRules.digits)).padStart(6, '0'),
): Promise<{ sentTo: string; expiresAt: string }> {
  await signable(db, userId, contractId, party);
  const [account] = await db.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, userId));
  const phone = account?.phone;
  if (!phone) throw new DomainError('CONTRACT_NO_PHONE');
  const expiresAt = new Date(Date.now() + signCodeRules.ttlSeconds * 1000);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contract-sign:${contractId}:${party}`}))`);
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(contractSignCodes)
      .where(
        and(
          eq(contractSignCodes.contractId, contractId),
          eq(contractSignCodes.party, party),
          gt(contractSignCodes.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    if ((recent?.n ?? 0) >= signCodeRules.sendsPerHour)
      throw new DomainError('CONTRACT_SIGN_CODE_TOO_MANY_SENDS');
    await tx
      .update(contractSignCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(contractSignCodes.contractId, contractId),
          eq(contractSignCodes.party, party),
          isNull(contractSignCodes.usedAt),
        ),
      );
    const code = generate();
    // The row's id salts the hash: taken first, so the hash is stored with the row.
    const next = await tx.execute(
      sql`select nextval(pg_get_serial_sequence('contract_sign_codes', 'id'))::text as id`,
    );
    const id = rowsOf<{ id: string }>(next)[0]?.id;
    if (!id) throw new Error('requestSignCode: no id');
    await tx.insert(contractSignCodes).values({
      id: Number(id),
      contractId,
      party,
      codeHash: hashCode(keys, `contract:${id}`, code),
      expiresAt,
    });
    const message = {
      channel: 'sms' as const,
      recipient: phone,
      body: signCodeMessage(code, 10),
      secret: code,
      expiresAt,
    };
    await enqueueSecretMessage(tx, keys, message);
    if (devLog) logDevMessage(devLog, message);
  });
  return { sentTo: masked(phone), expiresAt: expiresAt.toISOString() };
}

/** Rows of a raw query on either driver (node-postgres answers an object, PGlite too, with `rows`). */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Folded for comparison: lower case, no accents, single spaces. */
const folded = (name: string): string => foldForSearch(name);

/**
 * Counts one attempt at the party's current code and compares it. The attempt is its own statement, so
 * it stays counted even when the request then fails (a wrong code, or a signature that could not be
 * sealed): never past 5, never after expiry or use. Answers the code's row id when it matches; spending
 * it is left to `spendCode`, inside the signature's transaction.
 */
async function tryCode(
  db: Db,
  keys: SecretKeys,
  contractId: string,
  party: ContractPartyRole,
  code: string,
): Promise<number> {
  const [latest] = await db
    .select()
    .from(contractSignCodes)
    .where(and(eq(contractSignCodes.contractId, contractId), eq(contractSignCodes.party, party)))
    .orderBy(desc(contractSignCodes.id))
    .limit(1);
  if (!latest || latest.usedAt) throw new DomainError('CONTRACT_SIGN_CODE_EXPIRED');
  const [attempt] = await db
    .update(contractSignCodes)
    .set({ attempts: sql`${contractSignCodes.attempts} + 1` })
    .where(
      and(
        eq(contractSignCodes.id, latest.id),
        isNull(contractSignCodes.usedAt),
        gt(contractSignCodes.expiresAt, sql`now()`),
        sql`${contractSignCodes.attempts} < ${signCodeRules.maxAttempts}`,
      ),
    )
    .returning({ attempts: contractSignCodes.attempts });
  if (!attempt) {
    const [now] = await db.select().from(contractSignCodes).where(eq(contractSignCodes.id, latest.id));
    if (now && !now.usedAt && now.attempts >= signCodeRules.maxAttempts && now.expiresAt > new Date()) {
      throw new DomainError('CONTRACT_SIGN_CODE_TOO_MANY_ATTEMPTS');
    }
    throw new DomainError('CONTRACT_SIGN_CODE_EXPIRED');
  }
  if (!codeMatches(keys, `contract:${latest.id}`, code, latest.codeHash)) {
    throw new DomainError(
      attempt.attempts >= signCodeRules.maxAttempts
        ? 'CONTRACT_SIGN_CODE_TOO_MANY_ATTEMPTS'
        : 'CONTRACT_SIGN_CODE_INVALID',
    );
  }
  return latest.id;
}

/**
 * Spends a matching code, inside the signature's transaction: only one request passes the update (the
 * row's lock orders the others, which then find it used), and when the transaction rolls back (the
 * signature refused, the seal failed) the code is usable again. A newer code voids it (`usedAt`).
 */
async function spendCode(tx: Db, codeId: number): Promise<void> {
  const [spent] = await tx
    .update(contractSignCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(contractSignCodes.id, codeId), isNull(contractSignCodes.usedAt)))
    .returning({ id: contractSignCodes.id });
  if (!spent) throw new DomainError('CONTRACT_SIGN_CODE_EXPIRED');
}

/**
 * POST /api/contract/{id}/{owner|tenant}/sign: the typed full name (it must be the party's name and
 * surnames on the contract, case and accents aside: 422) and the SMS code. The attempt is counted first,
 * in its own statement; then, in one transaction, the code is spent and the signature recorded by an
 * update only a contract sent to sign and not yet signed by this party passes. The first signature tells
 * the other party it is their turn; the request whose update completes both signatures (one, even when
 * both sign at once: the row's lock orders them) seals the PDF, marks the contract signed and the
 * announcement rented or sold (AST008), and tells both. Any failure there (the seal included) rolls the
 * whole back, the code's use too: the same code signs on a retry.
 */
export async function signContract(
  db: Db,
  pdf: ContractPdf,
  input: {
    userId: string;
    contractId: string;
    party: ContractPartyRole;
    fullName: string;
    code: string;
    ip: string;
    origin: string;
    /** The codes' key (the stored hash is keyed: platform/secret-keys.ts). */
    keys: SecretKeys;
  },
): Promise<ContractViewDto> {
  const { userId, contractId, party } = input;
  const contract = await signable(db, userId, contractId, party);
  const data = party === 'owner' ? ownerDataOf(contract) : tenantDataOf(contract);
  if (!data) throw new DomainError('CONTRACT_DATA_MISSING');
  if (folded(input.fullName) !== folded(`${data.party.name} ${data.party.surname}`)) {
    throw new DomainError('CONTRACT_NAME_MISMATCH', 'fullName');
  }
  const codeId = await tryCode(db, input.keys, contractId, party, input.code);
  const signature: PartySignature = {
    fullName: `${data.party.name} ${data.party.surname}`,
    signedAt: new Date().toISOString(),
    ip: input.ip,
  };
  const column = party === 'owner' ? contracts.ownerSignature : contracts.tenantSignature;
  const updated = await db.transaction(async (tx) => {
    await spendCode(tx, codeId);
    const [row] = await tx
      .update(contracts)
      .set({
        ...(party === 'owner' ? { ownerSignature: signature } : { tenantSignature: signature }),
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(contracts.id, contractId),
          eq(contracts.statusCode, ContractStatus.SentToSign),
          isNull(column),
        ),
      )
      .returning();
    if (!row) {
      const now = await reread(tx, contractId);
      if (now.statusCode === ContractStatus.SentToSign && signatureOf(now, party)) {
        throw new DomainError('CONTRACT_ALREADY_SIGNED');
      }
      throw stateError(now);
    }
    if (!row.ownerSignature || !row.tenantSignature) {
      const other = party === 'owner' ? row.tenantId : row.ownerId;
      const notice = (title: string, link: string) =>
        contractNotices.signedByOne(data.party.name, title, link);
      await notifyContract(tx, row, [other], notice, input.origin);
      return row;
    }
    return seal(tx, pdf, row, input.origin);
  });
  return contractView(db, updated, userId);
}

/** The second signature landed: the sealed PDF stored, the contract signed, the announcement closed. */
async function seal(tx: Db, pdf: ContractPdf, contract: ContractRow, origin: string): Promise<ContractRow> {
  const owner = ownerDataOf(contract);
  const tenant = tenantDataOf(contract);
  const [document] = await tx
    .select()
    .from(contractDocuments)
    .where(eq(contractDocuments.contractId, contract.id));
  if (!owner || !tenant || !document || !contract.ownerSignature || !contract.tenantSignature) {
    throw new Error(`contract ${contract.id}: nothing to seal`);
  }
  const record = (party: ContractPartyRole, nif: string, signature: PartySignature): SignatureRecord => ({
    party,
    fullName: signature.fullName,
    nif,
    signedAt: new Date(signature.signedAt),
    ip: signature.ip,
  });
  const signed = Buffer.from(
    await pdf.seal({
      unsigned: new Uint8Array(document.unsignedPdf),
      sha256: document.unsignedSha256,
      signatures: [
        record('owner', owner.party.nif, contract.ownerSignature),
        record('tenant', tenant.party.nif, contract.tenantSignature),
      ],
      contractId: contract.id,
    }),
  );
  await tx
    .update(contractDocuments)
    .set({ signedPdf: signed, signedSha256: sha256Hex(signed), updatedAt: sql`now()` })
    .where(eq(contractDocuments.contractId, contract.id));
  const [row] = await tx
    .update(contracts)
    .set({ statusCode: ContractStatus.Signed, signedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(contracts.id, contract.id), eq(contracts.statusCode, ContractStatus.SentToSign)))
    .returning();
  if (!row) throw stateError(await reread(tx, contract.id));
  await tx
    .update(announcements)
    .set({ statusCode: AnnouncementStatus.Closed, statusReason: null, updatedAt: sql`now()` })
    .where(eq(announcements.id, contract.announcementId));
  await notifyContract(tx, row, [row.ownerId, row.tenantId], contractNotices.signed, origin);
  return row;
}

/**
 * GET /api/contract/{id}/download: the sealed PDF once signed, the one to sign while it is sent to sign;
 * 409 before (and once cancelled).
 */
export async function contractPdfFile(
  db: Db,
  userId: string,
  contractId: string,
): Promise<{ bytes: Buffer; reference: string }> {
  const { contract } = await findPartyContract(db, contractId, userId);
  const signed = contract.statusCode === ContractStatus.Signed;
  if (!signed && contract.statusCode !== ContractStatus.SentToSign) throw stateError(contract);
  const [document] = await db
    .select()
    .from(contractDocuments)
    .where(eq(contractDocuments.contractId, contractId));
  const bytes = signed ? document?.signedPdf : document?.unsignedPdf;
  if (!bytes) throw stateError(contract);
  const [announcement] = await db
    .select({ reference: announcements.reference })
    .from(announcements)
    .where(eq(announcements.id, contract.announcementId));
  return { bytes, reference: announcement?.reference ?? contract.id.slice(0, 8) };
}
