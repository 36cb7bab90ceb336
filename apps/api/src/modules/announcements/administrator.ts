import { eq, sql } from 'drizzle-orm';
import type { ListingAdministrator } from '@casaoferta/domain/schemas/owner-listings';
import type { Db } from '../../db/client';
import { announcements, properties } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { shownAnnouncement } from '../listings/get-property-page';
import { isLive } from '../listings/search-announcements';

/**
 * GET /api/announcement/{id}/administrator: whether the caller owns the announcement. A live one of
 * another user answers false; one that is not on show is a 404 unless it is the caller's, so a
 * stranger never learns that a draft exists (decision 008).
 */
export async function announcementAdministrator(
  db: Db,
  announcementId: string,
  userId: string,
): Promise<ListingAdministrator> {
  const [row] = await db
    .select({
      id: announcements.id,
      propertyId: announcements.propertyId,
      ownerId: announcements.ownerId,
      live: sql<boolean>`(${isLive()})`,
    })
    .from(announcements)
    .where(eq(announcements.id, announcementId));
  if (!row) throw new DomainError('NOT_FOUND');
  const administrator = row.ownerId === userId;
  if (!administrator && !row.live) throw new DomainError('NOT_FOUND');
  return { administrator, propertyId: row.propertyId, announcementId: row.id };
}

/**
 * GET /api/announcement/property/{id}/administrator: whether the caller owns the property. Another
 * user's property answers false while it has a live announcement and is a 404 otherwise.
 * `announcementId` is the one its public page shows: the live one, or for the owner the latest.
 */
export async function propertyAdministrator(
  db: Db,
  propertyId: string,
  userId: string,
): Promise<ListingAdministrator> {
  const [property] = await db
    .select({ id: properties.id, ownerId: properties.ownerId })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!property) throw new DomainError('NOT_FOUND');
  const administrator = property.ownerId === userId;
  const { announcement, live } = await shownAnnouncement(db, propertyId, administrator);
  if (!administrator && !live) throw new DomainError('NOT_FOUND');
  return { administrator, propertyId: property.id, announcementId: announcement?.id ?? null };
}
