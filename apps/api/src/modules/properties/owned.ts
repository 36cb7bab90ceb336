import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announcements, properties } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';

/** A property of the caller, or 404 (another user's row never reveals that it exists). */
export async function findOwnedProperty(db: Db, propertyId: string, ownerId: string) {
  const [property] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.ownerId, ownerId)));
  if (!property) throw new DomainError('NOT_FOUND');
  return property;
}

export async function findOwnedAnnouncement(db: Db, announcementId: string, ownerId: string) {
  const [row] = await db
    .select({ announcement: announcements, property: properties })
    .from(announcements)
    .innerJoin(properties, eq(properties.id, announcements.propertyId))
    .where(and(eq(announcements.id, announcementId), eq(announcements.ownerId, ownerId)));
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

/**
 * Inside a transaction: the property, locked until the transaction ends, or 404 (with `ownerId`, also
 * for another user's). Every change of a property's state or content, of its photos and of its
 * announcements' states takes this lock first, so a check and the write it allows cannot be
 * interleaved with another change, and locks are always taken in one order (property, then announcement).
 */
export async function lockProperty(tx: Db, propertyId: string, ownerId?: string) {
  const [property] = await tx
    .select()
    .from(properties)
    .where(
      ownerId
        ? and(eq(properties.id, propertyId), eq(properties.ownerId, ownerId))
        : eq(properties.id, propertyId),
    )
    .for('update');
  if (!property) throw new DomainError('NOT_FOUND');
  return property;
}

/** Inside a transaction: an announcement (with `ownerId`, the caller's) and its property, both locked. */
export async function lockAnnouncement(tx: Db, announcementId: string, ownerId?: string) {
  const [found] = await tx
    .select({ propertyId: announcements.propertyId })
    .from(announcements)
    .where(
      ownerId
        ? and(eq(announcements.id, announcementId), eq(announcements.ownerId, ownerId))
        : eq(announcements.id, announcementId),
    );
  if (!found) throw new DomainError('NOT_FOUND');
  const property = await lockProperty(tx, found.propertyId);
  const [announcement] = await tx
    .select()
    .from(announcements)
    .where(eq(announcements.id, announcementId))
    .for('update');
  // Discarded (a draft) between the two reads.
  if (!announcement) throw new DomainError('NOT_FOUND');
  return { announcement, property };
}
