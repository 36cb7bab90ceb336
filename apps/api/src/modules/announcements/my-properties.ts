import { desc, eq, inArray, sql } from 'drizzle-orm';
import { AnnouncementStatus } from '@casaoferta/domain/codes';
import { propertyNextStep, type StepAnnouncement } from '@casaoferta/domain/rules/owner-next-step';
import type { OwnerProperty } from '@casaoferta/domain/schemas/owner-listings';
import type { Db } from '../../db/client';
import { announcements, municipalities, properties, propertyImages } from '../../db/schema/index';
import { mediaUrl } from '../../platform/media';
import { canDiscardProperty } from '../properties/discard-draft';

/** The properties' announcements, newest first, as the next step reads them. */
export async function announcementsOfProperties(
  db: Db,
  propertyIds: readonly string[],
): Promise<Map<string, StepAnnouncement[]>> {
  const byProperty = new Map<string, StepAnnouncement[]>();
  if (propertyIds.length === 0) return byProperty;
  const rows = await db
    .select({
      id: announcements.id,
      propertyId: announcements.propertyId,
      statusCode: announcements.statusCode,
      typeCode: announcements.typeCode,
    })
    .from(announcements)
    .where(inArray(announcements.propertyId, [...propertyIds]))
    .orderBy(desc(announcements.updatedAt), desc(announcements.id));
  for (const { propertyId, ...announcement } of rows) {
    const list = byProperty.get(propertyId) ?? [];
    list.push(announcement);
    byProperty.set(propertyId, list);
  }
  return byProperty;
}

/**
 * GET /api/announcement/properties: the owner's properties, newest first, each with the one tab of
 * "Mis anuncios" it is in and its next step (rules/owner-next-step), whatever its announcements.
 */
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
  const byProperty = await announcementsOfProperties(
    db,
    rows.map((row) => row.p.id),
  );
  return rows.map(({ p, municipalityName, cover, count, beyondDraft }) => {
    const next = propertyNextStep(p.validationStatus, byProperty.get(p.id) ?? []);
    return {
      id: p.id,
      reference: p.reference,
      title: [p.street, municipalityName].filter(Boolean).join(', ') || p.reference,
      validationStatus: p.validationStatus,
      validationReason: p.validationReason,
      image: cover ? mediaUrl(cover, 'card') : null,
      announcements: count,
      canDiscard: canDiscardProperty(p.validationStatus, beyondDraft),
      revisionStatus: p.pendingRevision?.status ?? null,
      tab: next.tab,
      nextStep: next.step,
      nextAnnouncementId: next.announcement?.id ?? null,
    };
  });
}
