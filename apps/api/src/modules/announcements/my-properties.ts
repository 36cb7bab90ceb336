import { desc, eq, sql } from 'drizzle-orm';
import { AnnouncementStatus } from '@casaoferta/domain/codes';
import type { OwnerProperty } from '@casaoferta/domain/schemas/owner-listings';
import type { Db } from '../../db/client';
import { announcements, municipalities, properties, propertyImages } from '../../db/schema/index';
import { mediaUrl } from '../../platform/media';
import { canDiscardProperty } from '../properties/discard-draft';

/** GET /api/announcement/properties: the owner's properties, newest first. */
export async function listOwnerProperties(db: Db, ownerId: string): Promise<OwnerProperty[]> {
  const rows = await db
    .select({
      p: properties,
      municipalityName: municipalities.displayName,
      cover: sql<string | null>`(select ${propertyImages.storageKey} from ${propertyImages}
        where ${propertyImages.propertyId} = ${properties.id} order by ${propertyImages.position} limit 1)`,
      count: sql<number>`(select count(*)::int from ${announcements} where ${announcements.propertyId} = ${properties.id})`,
      beyondDraft: sql<number>`(select count(*)::int from ${announcements}
        where ${announcements.propertyId} = ${properties.id}
        and ${announcements.statusCode} <> ${AnnouncementStatus.Draft})`,
    })
    .from(properties)
    .leftJoin(municipalities, eq(municipalities.code, properties.municipalityCode))
    .where(eq(properties.ownerId, ownerId))
    .orderBy(desc(properties.updatedAt))
    .limit(200);
  return rows.map(({ p, municipalityName, cover, count, beyondDraft }) => ({
    id: p.id,
    reference: p.reference,
    title: [p.street, municipalityName].filter(Boolean).join(', ') || p.reference,
    validationStatus: p.validationStatus,
    validationReason: p.validationReason,
    image: cover ? mediaUrl(cover, 'card') : null,
    announcements: count,
    canDiscard: canDiscardProperty(p.validationStatus, beyondDraft),
    revisionStatus: p.pendingRevision?.status ?? null,
  }));
}
