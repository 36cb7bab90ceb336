import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ContractStatus } from '@casaoferta/domain/codes';
import type { ContractPartyRole } from '@casaoferta/domain/schemas/contracts';
import type { Db } from '../../db/client';
import { contractImages, contracts } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { loadSharp, MAX_INPUT_PIXELS } from '../../platform/images';
import { looksLikeImage } from '../properties/images';
import { readObject, storageKeys, type ObjectStore } from '../../platform/storage/index';
import { findPartyContract, type ContractRow } from './store';

export const MAX_CONTRACT_IMAGES = 30;
export const MAX_CONTRACT_IMAGE_BYTES = 10 * 1024 * 1024;
/** Uploads a user may send in an hour (each costs a decode). */
export const CONTRACT_UPLOADS_PER_HOUR = 90;
/** The longest side an inventory photo is kept at (enough for an A4 annex). */
const LONGEST_SIDE = 1600;

/** Where inventory photos live on the local store: private files, served only to the contract's parties. */
export const contractImagesRoot = (dataDir: string): string => path.join(dataDir, 'contract-images');
export const contractImageFile = (root: string, storageKey: string): string =>
  path.join(root, `${storageKey}.jpg`);

/** Photos may change until the contract is sent to sign. */
const photoStatuses = [ContractStatus.Draft, ContractStatus.OwnerDataDone, ContractStatus.TenantDataDone];

export interface ContractImageDto {
  id: string;
  width: number;
  height: number;
  uploadedBy: ContractPartyRole;
  createdAt: string;
}

const toDto = (contract: ContractRow, row: typeof contractImages.$inferSelect): ContractImageDto => ({
  id: row.id,
  width: row.width,
  height: row.height,
  uploadedBy: row.uploadedBy === contract.ownerId ? 'owner' : 'tenant',
  createdAt: row.createdAt.toISOString(),
});

/** Locks the contract's row and checks photos may still change (409 otherwise). */
async function lockForPhotos(tx: Db, contractId: string): Promise<void> {
  const [row] = await tx
    .select({ statusCode: contracts.statusCode })
    .from(contracts)
    .where(eq(contracts.id, contractId))
    .for('update');
  if (!row) throw new DomainError('NOT_FOUND');
  if (!photoStatuses.includes(row.statusCode as (typeof photoStatuses)[number])) {
    throw new DomainError(
      row.statusCode === ContractStatus.Signed ? 'CONTRACT_SIGNED' : 'CONTRACT_INVALID_STATE',
    );
  }
}

/**
 * POST /api/contract/{id}/images: a photo re-encoded to JPEG (oriented, metadata dropped, at most
 * 1600 px), decoded outside any transaction; the state and the cap of 30 are then checked under the
 * contract's row lock, and a refused photo leaves no file behind.
 */
export async function addContractImage(
  db: Db,
  store: ObjectStore,
  userId: string,
  contractId: string,
  bytes: Buffer,
): Promise<ContractImageDto> {
  const { contract } = await findPartyContract(db, contractId, userId);
  if (!looksLikeImage(bytes)) throw new DomainError('IMAGE_INVALID', 'file');
  const sharp = await loadSharp();
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  const encoded = await sharp(bytes, options)
    .rotate()
    .resize({ width: LONGEST_SIDE, height: LONGEST_SIDE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new DomainError('IMAGE_INVALID', 'file');
    });
  const id = randomUUID();
  const storageKey = `${contractId}/${id}`;
  const key = storageKeys.contractImage(storageKey);
  await store.put(key, encoded.data, 'image/jpeg');
  try {
    const row = await db.transaction(async (tx) => {
      await lockForPhotos(tx, contractId);
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(contractImages)
        .where(eq(contractImages.contractId, contractId));
      if ((count?.n ?? 0) >= MAX_CONTRACT_IMAGES) throw new DomainError('CONTRACT_TOO_MANY_IMAGES');
      const [inserted] = await tx
        .insert(contractImages)
        .values({
          id,
          contractId,
          uploadedBy: userId,
          storageKey,
          width: encoded.info.width,
          height: encoded.info.height,
          byteSize: encoded.data.length,
        })
        .returning();
      await tx
        .update(contracts)
        .set({ updatedAt: sql`now()` })
        .where(eq(contracts.id, contractId));
      if (!inserted) throw new Error('addContractImage: no row');
      return inserted;
    });
    return toDto(contract, row);
  } catch (error) {
    await store.delete(key).catch(() => undefined);
    throw error;
  }
}

/** GET /api/contract/{id}/preload-images: the inventory photos, in upload order. */
export async function listContractImages(
  db: Db,
  userId: string,
  contractId: string,
): Promise<ContractImageDto[]> {
  const { contract } = await findPartyContract(db, contractId, userId);
  const rows = await db
    .select()
    .from(contractImages)
    .where(eq(contractImages.contractId, contractId))
    .orderBy(asc(contractImages.createdAt), asc(contractImages.id));
  return rows.map((row) => toDto(contract, row));
}

/** GET /api/contract/{id}/images/{imageId}: the photo's bytes, to either party only. */
export async function readContractImage(
  db: Db,
  store: ObjectStore,
  userId: string,
  contractId: string,
  imageId: string,
): Promise<Buffer> {
  const [row] = await db
    .select()
    .from(contractImages)
    .where(and(eq(contractImages.id, imageId), eq(contractImages.contractId, contractId)));
  // A photo that is not there is 404 to anyone; one that is, only to the parties (and to the owner once
  // the announcement is paid, decision 026).
  if (!row) throw new DomainError('NOT_FOUND');
  await findPartyContract(db, contractId, userId);
  const bytes = await readObject(store, storageKeys.contractImage(row.storageKey));
  if (!bytes) throw new DomainError('NOT_FOUND');
  return bytes;
}

/** DELETE /api/contract/{id}/preload-image/{imageId}: either party, before the contract is sent to sign. */
export async function deleteContractImage(
  db: Db,
  store: ObjectStore,
  userId: string,
  contractId: string,
  imageId: string,
): Promise<void> {
  await findPartyContract(db, contractId, userId);
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: contractImages.id })
      .from(contractImages)
      .where(and(eq(contractImages.id, imageId), eq(contractImages.contractId, contractId)));
    if (!row) throw new DomainError('NOT_FOUND');
    await lockForPhotos(tx, contractId);
    const rows = await tx
      .delete(contractImages)
      .where(and(eq(contractImages.contractId, contractId), inArray(contractImages.id, [imageId])))
      .returning({ storageKey: contractImages.storageKey });
    await tx
      .update(contracts)
      .set({ updatedAt: sql`now()` })
      .where(eq(contracts.id, contractId));
    return rows;
  });
  await Promise.all(deleted.map((row) => store.delete(storageKeys.contractImage(row.storageKey))));
}
