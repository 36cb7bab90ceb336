import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ImageDto } from '@casaoferta/domain/schemas/listings';
import type { Db } from '../../db/client';
import { announcements, propertyImages } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { removeImageVariants, storeImageVariants } from '../../platform/images';
import { toImageDto } from '../../platform/media';
import { refreshCards } from '../listings/search-announcements';
import { findOwnedProperty } from './owned';

export const MAX_IMAGES_PER_PROPERTY = 30;
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;

/** Magic bytes of the formats we accept; the declared type and the name are not trusted. */
export function looksLikeImage(head: Buffer): boolean {
  const hex = head.subarray(0, 12).toString('hex');
  return (
    hex.startsWith('ffd8ff') || // JPEG
    hex.startsWith('89504e470d0a1a0a') || // PNG
    (hex.startsWith('52494646') && head.subarray(8, 12).toString('latin1') === 'WEBP') ||
    (head.subarray(4, 8).toString('latin1') === 'ftyp' &&
      /heic|heix|mif1|avif/.test(head.subarray(8, 12).toString('latin1')))
  );
}

export async function listImages(db: Db, propertyId: string): Promise<ImageDto[]> {
  const rows = await db
    .select()
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, propertyId))
    .orderBy(asc(propertyImages.position));
  return rows.map(toImageDto);
}

/** Re-encodes an uploaded photo into WebP variants and appends it to the property's gallery. */
export async function addImage(
  db: Db,
  mediaRoot: string,
  ownerId: string,
  propertyId: string,
  bytes: Buffer,
): Promise<ImageDto> {
  await findOwnedProperty(db, propertyId, ownerId);
  if (!looksLikeImage(bytes)) throw new DomainError('IMAGE_INVALID', 'file');
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, propertyId));
  if (n >= MAX_IMAGES_PER_PROPERTY) throw new DomainError('TOO_MANY_IMAGES');
  const id = randomUUID();
  const storageKey = `properties/${propertyId}/${id}`;
  let stored;
  try {
    stored = await storeImageVariants(bytes, mediaRoot, storageKey);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    throw new DomainError(/pixel limit/i.test(message) ? 'IMAGE_TOO_LARGE' : 'IMAGE_INVALID', 'file');
  }
  const [row] = await db
    .insert(propertyImages)
    .values({ id, propertyId, position: n, storageKey, ...stored })
    .returning();
  if (!row) throw new Error('addImage: no row returned');
  await refreshCover(db, propertyId);
  return toImageDto(row);
}

export async function deleteImage(
  db: Db,
  mediaRoot: string,
  ownerId: string,
  propertyId: string,
  imageId: string,
): Promise<{ filesLeft: string[] }> {
  await findOwnedProperty(db, propertyId, ownerId);
  const deleted = await db
    .delete(propertyImages)
    .where(and(eq(propertyImages.id, imageId), eq(propertyImages.propertyId, propertyId)))
    .returning({ storageKey: propertyImages.storageKey });
  if (deleted.length === 0) throw new DomainError('NOT_FOUND');
  await reorderImages(
    db,
    ownerId,
    propertyId,
    (await listImages(db, propertyId)).map((i) => i.id),
  );
  return {
    filesLeft: await removeUnusedImageFiles(
      db,
      mediaRoot,
      deleted.map((row) => row.storageKey),
    ),
  };
}

/**
 * Removes the files of deleted photo rows that no remaining row names (demo photos are shared).
 * Answers the keys whose files could not be removed (the rows are gone either way; callers log them).
 */
export async function removeUnusedImageFiles(
  db: Db,
  mediaRoot: string,
  storageKeys: string[],
): Promise<string[]> {
  if (storageKeys.length === 0) return [];
  const stillUsed = new Set(
    (
      await db
        .selectDistinct({ storageKey: propertyImages.storageKey })
        .from(propertyImages)
        .where(inArray(propertyImages.storageKey, storageKeys))
    ).map((row) => row.storageKey),
  );
  const unused = [...new Set(storageKeys)].filter((key) => !stillUsed.has(key));
  const results = await Promise.allSettled(unused.map((key) => removeImageVariants(mediaRoot, key)));
  return unused.filter((_, index) => results[index]?.status === 'rejected');
}

/** Sets the gallery order; the list must name exactly the property's images. */
export async function reorderImages(
  db: Db,
  ownerId: string,
  propertyId: string,
  imageIds: string[],
): Promise<ImageDto[]> {
  await findOwnedProperty(db, propertyId, ownerId);
  const current = await listImages(db, propertyId);
  const same = current.length === imageIds.length && current.every((i) => imageIds.includes(i.id));
  if (!same) throw new DomainError('INVALID_INPUT', 'imageIds');
  await db.transaction(async (tx) => {
    for (const [position, id] of imageIds.entries()) {
      await tx.update(propertyImages).set({ position }).where(eq(propertyImages.id, id));
    }
  });
  await refreshCover(db, propertyId);
  return listImages(db, propertyId);
}

/** The first photo is the cover the catalogue shows (its card keeps a copy of the photo's data). */
async function refreshCover(db: Db, propertyId: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(announcements)
      .set({ coverImageId: await coverImageId(tx, propertyId) })
      .where(eq(announcements.propertyId, propertyId));
    await refreshCards(tx, eq(announcements.propertyId, propertyId));
  });
}

/** The property's first photo, which announcements and the catalogue show as the cover. */
export async function coverImageId(db: Db, propertyId: string): Promise<string | null> {
  const [first] = await db
    .select({ id: propertyImages.id })
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, propertyId))
    .orderBy(asc(propertyImages.position))
    .limit(1);
  return first?.id ?? null;
}
