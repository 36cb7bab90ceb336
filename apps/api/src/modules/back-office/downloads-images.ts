import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { properties, propertyImages } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { isValidKey, storageKeys, type ObjectStore } from '../../platform/storage/index';
import { downloadsTexts } from './downloads-texts';
import type { OpenedEntry, ZipEntry } from './downloads-zip';

/**
 * GET /api/property/{id}/download-images: every photo of the property in its largest stored size
 * (the 1280 px gallery WebP; originals are not kept), in gallery order, photos still waiting for an
 * agent's approval included and named so ('foto-04-pendiente.webp').
 */
export async function propertyImageEntries(db: Db, store: ObjectStore, propertyId: string) {
  const [property] = await db
    .select({ reference: properties.reference })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!property) throw new DomainError('NOT_FOUND');
  const images = await db
    .select({
      storageKey: propertyImages.storageKey,
      pending: propertyImages.pending,
      createdAt: propertyImages.createdAt,
    })
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, propertyId))
    .orderBy(asc(propertyImages.position), asc(propertyImages.id));
  const entries: ZipEntry[] = images.map((image, index) => ({
    path: [downloadsTexts.zip.image(index + 1, image.pending)],
    mtime: image.createdAt,
    async open(): Promise<OpenedEntry> {
      // Keys are the server's own; one the store refuses (a `..`, an empty segment) is never followed.
      if (!isValidKey(storageKeys.media(image.storageKey, 'gallery'))) {
        return { missing: 'unreadable', reason: 'invalid key' };
      }
      const object = await store.get(storageKeys.media(image.storageKey, 'gallery'));
      if (!object) return { missing: 'unreadable', reason: `missing ${image.storageKey}` };
      return { stream: object.body };
    },
  }));
  return { reference: property.reference, entries };
}
