import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ImageDto } from '@casaoferta/domain/schemas/listings';
import { editsAreModerated } from '@casaoferta/domain/rules/announcement-lifecycle';
import type { Db } from '../../db/client';
import { announcements, properties, propertyImages } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { ImageRejected, removeImageVariants, storeImageVariants } from '../../platform/images';
import { toImageDto } from '../../platform/media';
import { refreshCards } from '../listings/search-announcements';
import { findOwnedProperty, lockProperty } from './owned';
import { revisionGallery } from './revision';
import type { ObjectStore } from '../../platform/storage/index';

export const MAX_IMAGES_PER_PROPERTY = 30;
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** Uploads a user may send in an hour (a full gallery twice over); each costs a decode. */
export const UPLOADS_PER_HOUR = 60;

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

/** The owner's gallery: a validated property's pending revision orders it (decision 011). */
export async function listImages(db: Db, propertyId: string): Promise<ImageDto[]> {
  const rows = await db
    .select()
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, propertyId))
    .orderBy(asc(propertyImages.position));
  const [property] = await db
    .select({ revision: properties.pendingRevision })
    .from(properties)
    .where(eq(properties.id, propertyId));
  const order = property?.revision?.imageIds;
  if (!order) return rows.map(toImageDto);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return order.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toImageDto(row)] : [];
  });
}

/** How many photos a property has and the position after the last. */
async function gallerySize(db: Db, propertyId: string): Promise<{ count: number; next: number }> {
  const [size] = await db
    .select({
      count: sql<number>`count(*)::int`,
      next: sql<number>`coalesce(max(${propertyImages.position}) + 1, 0)::int`,
    })
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, propertyId));
  return size ?? { count: 0, next: 0 };
}

/**
 * Re-encodes an uploaded photo into WebP variants and appends it to the property's gallery. The decode
 * runs first, outside any transaction (it waits its turn in the decode queue); the position and the cap
 * are then decided under the property's lock, and a photo refused there leaves no files behind.
 */
export async function addImage(
  db: Db,
  store: ObjectStore,
  ownerId: string,
  propertyId: string,
  bytes: Buffer,
): Promise<ImageDto> {
  await findOwnedProperty(db, propertyId, ownerId);
  if (!looksLikeImage(bytes)) throw new DomainError('IMAGE_INVALID', 'file');
  // Checked again under the lock below; this spares decoding a photo that cannot be kept.
  if ((await gallerySize(db, propertyId)).count >= MAX_IMAGES_PER_PROPERTY)
    throw new DomainError('TOO_MANY_IMAGES');
  const id = randomUUID();
  const storageKey = `properties/${propertyId}/${id}`;
  const stored = await storeImageVariants(bytes, store, storageKey).catch((error: unknown) => {
    if (!(error instanceof ImageRejected)) throw error;
    throw new DomainError(error.reason === 'too-large' ? 'IMAGE_TOO_LARGE' : 'IMAGE_INVALID', 'file');
  });
  try {
    return await db.transaction(async (tx) => {
      const property = await lockProperty(tx, propertyId, ownerId);
      const { count, next } = await gallerySize(tx, propertyId);
      if (count >= MAX_IMAGES_PER_PROPERTY) throw new DomainError('TOO_MANY_IMAGES');
      // A validated property's new photo waits for review in its revision (decision 011).
      const pending = editsAreModerated(property.validationStatus);
      const [row] = await tx
        .insert(propertyImages)
        .values({ id, propertyId, position: next, storageKey, ...stored, pending })
        .returning();
      if (!row) throw new Error('addImage: no row returned');
      if (pending) await revisionGallery.add(tx, property, row.id);
      else await refreshCover(tx, propertyId);
      return toImageDto(row);
    });
  } catch (error) {
    await removeImageVariants(store, storageKey).catch(() => undefined);
    throw error;
  }
}

/** Deletes a photo; the ones after it move up one place, in the same transaction. */
export async function deleteImage(
  db: Db,
  store: ObjectStore,
  ownerId: string,
  propertyId: string,
  imageId: string,
): Promise<{ filesLeft: string[] }> {
  const storageKeys = await db.transaction(async (tx) => {
    const property = await lockProperty(tx, propertyId, ownerId);
    if (editsAreModerated(property.validationStatus)) {
      const removed = await revisionGallery.remove(tx, property, imageId);
      return removed ? [removed] : [];
    }
    const [deleted] = await tx
      .delete(propertyImages)
      .where(and(eq(propertyImages.id, imageId), eq(propertyImages.propertyId, propertyId)))
      .returning({ storageKey: propertyImages.storageKey, position: propertyImages.position });
    if (!deleted) throw new DomainError('NOT_FOUND');
    await tx
      .update(propertyImages)
      .set({ position: sql`${propertyImages.position} - 1` })
      .where(and(eq(propertyImages.propertyId, propertyId), gt(propertyImages.position, deleted.position)));
    await refreshCover(tx, propertyId);
    return [deleted.storageKey];
  });
  return { filesLeft: await removeUnusedImageFiles(db, store, storageKeys) };
}

/**
 * Removes the files of deleted photo rows that no remaining row names (demo photos are shared).
 * Answers the keys whose files could not be removed (the rows are gone either way; callers log them).
 */
export async function removeUnusedImageFiles(
  db: Db,
  store: ObjectStore,
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
  const results = await Promise.allSettled(unused.map((key) => removeImageVariants(store, key)));
  return unused.filter((_, index) => results[index]?.status === 'rejected');
}

/**
 * Sets the gallery order; the list must name exactly the property's images. One UPDATE moves them all
 * (the unique position is checked at the end of the statement: the constraint is deferrable).
 */
export async function reorderImages(
  db: Db,
  ownerId: string,
  propertyId: string,
  imageIds: string[],
): Promise<ImageDto[]> {
  await db.transaction(async (tx) => {
    const property = await lockProperty(tx, propertyId, ownerId);
    if (editsAreModerated(property.validationStatus)) {
      await revisionGallery.reorder(tx, property, imageIds);
      return;
    }
    const current = await tx
      .select({ id: propertyImages.id })
      .from(propertyImages)
      .where(eq(propertyImages.propertyId, propertyId));
    const same = current.length === imageIds.length && current.every((i) => imageIds.includes(i.id));
    if (!same) throw new DomainError('INVALID_INPUT', 'imageIds');
    if (imageIds.length === 0) return;
    const positions = imageIds.map((id, position) => sql`when ${id}::uuid then ${position}::int`);
    await tx
      .update(propertyImages)
      .set({ position: sql`case ${propertyImages.id} ${sql.join(positions, sql` `)} end` })
      .where(eq(propertyImages.propertyId, propertyId));
    await refreshCover(tx, propertyId);
  });
  return listImages(db, propertyId);
}

/**
 * The first photo is the cover the catalogue shows (its card keeps a copy of the photo's data).
 * Runs in the caller's transaction, with the gallery change it follows.
 */
async function refreshCover(tx: Db, propertyId: string) {
  await tx
    .update(announcements)
    .set({ coverImageId: await coverImageId(tx, propertyId) })
    .where(eq(announcements.propertyId, propertyId));
  await refreshCards(tx, eq(announcements.propertyId, propertyId));
}

/** The property's first approved photo, which announcements and the catalogue show as the cover. */
export async function coverImageId(db: Db, propertyId: string): Promise<string | null> {
  const [first] = await db
    .select({ id: propertyImages.id })
    .from(propertyImages)
    .where(and(eq(propertyImages.propertyId, propertyId), eq(propertyImages.pending, false)))
    .orderBy(asc(propertyImages.position))
    .limit(1);
  return first?.id ?? null;
}
