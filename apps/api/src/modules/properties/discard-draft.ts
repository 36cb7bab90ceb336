import { and, eq, ne, notExists, sql } from 'drizzle-orm';
import { AnnouncementStatus, PropertyValidationStatus } from '@casaoferta/domain/codes';
import type { Db } from '../../db/client';
import { announcements, properties, propertyImages } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { removeUnusedImageFiles } from './images';
import { findOwnedProperty } from './owned';
import type { ObjectStore } from '../../platform/storage/index';

/**
 * A property the owner may throw away: never sent to validation (PSG000) and no announcement of it went
 * beyond a draft. Its draft announcements go with it (decision 008).
 */
export const canDiscardProperty = (validationStatus: string, announcementsBeyondDraft: number): boolean =>
  validationStatus === PropertyValidationStatus.NotValidated && announcementsBeyondDraft === 0;

const beyondDraft = (propertyId: string) =>
  and(eq(announcements.propertyId, propertyId), ne(announcements.statusCode, AnnouncementStatus.Draft));

/**
 * DELETE /api/property/{id}: discards an abandoned property draft with its draft announcements, its
 * photo rows and their files. 404 for another user's property, 409 PROPERTY_NOT_DISCARDABLE once it was sent to
 * validation or has an announcement beyond a draft. Answers the storage keys whose files could not be
 * removed (the rows are gone either way; the route logs them).
 */
export async function discardPropertyDraft(
  db: Db,
  store: ObjectStore,
  ownerId: string,
  propertyId: string,
): Promise<{ filesLeft: string[] }> {
  const property = await findOwnedProperty(db, propertyId, ownerId);
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(announcements)
    .where(beyondDraft(propertyId));
  if (!canDiscardProperty(property.validationStatus, n)) throw new DomainError('PROPERTY_NOT_DISCARDABLE');

  const storageKeys = await db.transaction(async (tx) => {
    const images = await tx
      .delete(propertyImages)
      .where(eq(propertyImages.propertyId, propertyId))
      .returning({ storageKey: propertyImages.storageKey });
    await tx
      .delete(announcements)
      .where(
        and(eq(announcements.propertyId, propertyId), eq(announcements.statusCode, AnnouncementStatus.Draft)),
      );
    // The state is checked again in the same statement: a submission that won the race keeps the
    // property (409), and the deletes above roll back with the thrown error.
    const deleted = await tx
      .delete(properties)
      .where(
        and(
          eq(properties.id, propertyId),
          eq(properties.ownerId, ownerId),
          eq(properties.validationStatus, PropertyValidationStatus.NotValidated),
          notExists(tx.select({ id: announcements.id }).from(announcements).where(beyondDraft(propertyId))),
        ),
      )
      .returning({ id: properties.id });
    if (deleted.length === 0) throw new DomainError('PROPERTY_NOT_DISCARDABLE');
    return [...new Set(images.map((image) => image.storageKey))];
  });

  // Uploads write under properties/<id>/; on the local disk the folder goes with its last file.
  return { filesLeft: await removeUnusedImageFiles(db, store, storageKeys) };
}
