import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { announcements, municipalities, properties, propertyImages } from '../../db/schema/index';
import { mediaUrl } from '../../platform/media';

export const ownerProperty = z.object({
  id: z.uuid(),
  reference: z.string(),
  title: z.string(),
  validationStatus: z.string(),
  validationReason: z.string().nullable(),
  image: z.string().nullable(),
  announcements: z.number().int(),
});

/** GET /api/announcement/properties: the owner's properties, newest first. */
export async function listOwnerProperties(db: Db, ownerId: string): Promise<z.infer<typeof ownerProperty>[]> {
  const rows = await db
    .select({
      p: properties,
      municipalityName: municipalities.displayName,
      cover: sql<string | null>`(select ${propertyImages.storageKey} from ${propertyImages}
        where ${propertyImages.propertyId} = ${properties.id} order by ${propertyImages.position} limit 1)`,
      count: sql<number>`(select count(*)::int from ${announcements} where ${announcements.propertyId} = ${properties.id})`,
    })
    .from(properties)
    .leftJoin(municipalities, eq(municipalities.code, properties.municipalityCode))
    .where(eq(properties.ownerId, ownerId))
    .orderBy(desc(properties.updatedAt))
    .limit(200);
  return rows.map(({ p, municipalityName, cover, count }) => ({
    id: p.id,
    reference: p.reference,
    title: [p.street, municipalityName].filter(Boolean).join(', ') || p.reference,
    validationStatus: p.validationStatus,
    validationReason: p.validationReason,
    image: cover ? mediaUrl(cover, 'card') : null,
    announcements: count,
  }));
}
