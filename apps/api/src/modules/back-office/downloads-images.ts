import fs from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { properties, propertyImages } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { imageFile } from '../../platform/media';
import { downloadsTexts } from './downloads-texts';
import type { OpenedEntry, ZipEntry } from './downloads-zip';

/**
 * GET /api/property/{id}/download-images: every photo of the property in its largest stored size
 * (the 1280 px gallery WebP; originals are not kept), in gallery order, photos still waiting for an
 * agent's approval included and named so ('foto-04-pendiente.webp').
 */
export async function propertyImageEntries(db: Db, root: string, propertyId: string) {
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
  const base = path.resolve(root);
  const entries: ZipEntry[] = images.map((image, index) => ({
    path: [downloadsTexts.zip.image(index + 1, image.pending)],
    mtime: image.createdAt,
    async open(): Promise<OpenedEntry> {
      const file = path.resolve(imageFile(root, image.storageKey, 'gallery'));
      // Keys are the server's own; a key leading out of the media folder is never followed.
      if (!file.startsWith(`${base}${path.sep}`)) return { missing: 'unreadable', reason: 'outside media' };
      const handle = await fs.open(file, 'r').catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      });
      if (!handle) return { missing: 'unreadable', reason: `missing ${image.storageKey}` };
      return { stream: handle.createReadStream() };
    },
  }));
  return { reference: property.reference, entries };
}
