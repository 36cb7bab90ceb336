import { desc, eq, sql } from 'drizzle-orm';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import { allowedOwnerActions } from '@casaoferta/domain/rules/announcement-lifecycle';
import type { Db } from '../../db/client';
import { announcements, municipalities, offers, properties, propertyImages } from '../../db/schema/index';
import { toImageDto } from '../../platform/media';
import { defaultTitle } from '@casaoferta/domain/titles';

const DAY = 24 * 3600_000;

type Row = {
  a: typeof announcements.$inferSelect;
  p: typeof properties.$inferSelect;
  municipalityName: string | null;
  image: typeof propertyImages.$inferSelect | null;
  receivedOffers: number;
};

export function toOwnerAnnouncement({
  a,
  p,
  municipalityName,
  image,
  receivedOffers,
}: Row): OwnerAnnouncement {
  const actions = allowedOwnerActions({
    statusCode: a.statusCode,
    offerTypeCode: a.offerTypeCode,
    propertyValidationStatus: p.validationStatus,
  });
  return {
    id: a.id,
    propertyId: p.id,
    reference: p.reference,
    typeCode: a.typeCode,
    offerTypeCode: a.offerTypeCode,
    statusCode: a.statusCode,
    statusReason: a.statusReason,
    propertyValidationStatus: p.validationStatus,
    propertyValidationReason: p.validationReason,
    title: a.customTitle || defaultTitle(a.typeCode, p.propertyTypeCode, municipalityName),
    price: a.price,
    highestOffer: a.highestOffer,
    offersCount: a.offersCount,
    receivedOffers,
    publishedAt: a.publishedAt?.toISOString() ?? null,
    endsAt: a.endsAt?.toISOString() ?? null,
    daysLeft:
      a.endsAt && a.statusCode === 'AST001'
        ? Math.max(0, Math.ceil((a.endsAt.getTime() - Date.now()) / DAY))
        : null,
    image: image ? toImageDto(image).card : null,
    // The form reads its fields back from here: the kind's fields plus the common ones.
    details: {
      ...a.details,
      customTitle: a.customTitle,
      description: a.description,
      availableFrom: a.availableFrom,
      furnished: a.furnished,
      petsAllowed: a.petsAllowed,
      periodDays: a.periodDays,
    },
    actions: {
      canEdit: actions.edit,
      canPublish: actions.publish,
      canWithdraw: actions.withdraw,
      canDiscardDraft: actions.discardDraft,
      canCloseBidding: actions.closeBidding,
      canReactivate: actions.reactivate,
      canRequestReview: actions.requestReview,
    },
  };
}

const select = (db: Db) =>
  db
    .select({
      a: announcements,
      p: properties,
      municipalityName: municipalities.displayName,
      image: propertyImages,
      // What the owner's offers page lists (current and past), so its link outlives the deal.
      receivedOffers: sql<number>`(select count(*)::int from ${offers} where ${offers.announcementId} = ${announcements.id})`,
    })
    .from(announcements)
    .innerJoin(properties, eq(properties.id, announcements.propertyId))
    .leftJoin(municipalities, eq(municipalities.code, properties.municipalityCode))
    .leftJoin(propertyImages, eq(propertyImages.id, announcements.coverImageId));

export async function ownerAnnouncementView(db: Db, announcementId: string): Promise<OwnerAnnouncement> {
  const [row] = await select(db).where(eq(announcements.id, announcementId));
  if (!row) throw new Error('ownerAnnouncementView: announcement vanished');
  return toOwnerAnnouncement(row);
}

/** GET /api/announcement/in-progress: every announcement of the owner, latest change first. */
export async function listOwnerAnnouncements(db: Db, ownerId: string): Promise<OwnerAnnouncement[]> {
  const rows = await select(db)
    .where(eq(announcements.ownerId, ownerId))
    .orderBy(desc(announcements.updatedAt))
    .limit(200);
  return rows.map(toOwnerAnnouncement);
}
