import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announcements, municipalities, properties, provinces } from '../../db/schema/index';
import { isLive } from './search-announcements';

export interface AnnouncementLocation {
  street: string;
  streetNumber: string | null;
  postalCode: string | null;
  municipalityCode: string | null;
  municipalityName: string | null;
  provinceCode: string | null;
  provinceName: string | null;
}

/**
 * GET /api/announcement/{id}/location: where the home is. Anyone sees the street of a live
 * announcement; the number is for its owner only. null (404) for anything else.
 */
export async function getAnnouncementLocation(
  db: Db,
  announcementId: string,
  viewerId: string | null,
): Promise<AnnouncementLocation | null> {
  const [row] = await db
    .select({
      ownerId: announcements.ownerId,
      live: isLive(),
      p: properties,
      municipalityName: municipalities.displayName,
      provinceName: provinces.displayName,
    })
    .from(announcements)
    .innerJoin(properties, eq(properties.id, announcements.propertyId))
    .leftJoin(municipalities, eq(municipalities.code, properties.municipalityCode))
    .leftJoin(provinces, eq(provinces.code, properties.provinceCode))
    .where(and(eq(announcements.id, announcementId)));
  if (!row) return null;
  const isOwner = row.ownerId === viewerId;
  if (!row.live && !isOwner) return null;
  return {
    street: row.p.street,
    streetNumber: isOwner ? row.p.streetNumber : null,
    postalCode: row.p.postalCode,
    municipalityCode: row.p.municipalityCode,
    municipalityName: row.municipalityName,
    provinceCode: row.p.provinceCode,
    provinceName: row.provinceName,
  };
}
