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
