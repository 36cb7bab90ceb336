import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { activeOfferStatuses } from '@casaoferta/domain/rules/offer-rules';
import type { PropertyPage, ViewerOffer } from '@casaoferta/domain/schemas/listings';
import type { Db } from '../../db/client';
import {
  announcementPriceChanges,
  announcements,
  municipalities,
  offers,
  properties,
  propertyImages,
  provinces,
  users,
} from '../../db/schema/index';
import { toImageDto } from '../../platform/media';
import { isHighestOffer } from '../offers/views';
import { ownerRevision } from '../properties/revision';
import { isLive } from './search-announcements';
import { defaultTitle } from '@casaoferta/domain/titles';

/**
 * The announcement a property's page shows: its live one; for the owner, without one, the latest.
 * `live` says whether it is on show (a stranger sees the page only then).
 */
export async function shownAnnouncement(db: Db, propertyId: string, isOwner: boolean) {
  const [live] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.propertyId, propertyId), isLive()))
    .orderBy(desc(announcements.publishedAt))
    .limit(1);
  if (live || !isOwner) return { announcement: live, live: live !== undefined };
  const [latest] = await db
    .select()
    .from(announcements)
    .where(eq(announcements.propertyId, propertyId))
    .orderBy(desc(announcements.createdAt))
    .limit(1);
  return { announcement: latest, live: false };
}

type AnnouncementRow = typeof announcements.$inferSelect;

/**
 * The viewer's own current offer or visit request on the announcement (one at most: the unique index
 * covers current offers), with whether it is the highest by the offers' own rule.
 */
async function viewerOffer(
  db: Db,
  announcement: AnnouncementRow,
  viewerId: string,
): Promise<ViewerOffer | null> {
  const [offer] = await db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.announcementId, announcement.id),
        eq(offers.candidateId, viewerId),
        inArray(offers.statusCode, activeOfferStatuses),
      ),
    )
    .limit(1);
  if (!offer) return null;
  return {
    id: offer.id,
    amount: offer.amount,
    statusCode: offer.statusCode as ViewerOffer['statusCode'],
    isVisitRequest: offer.isVisitRequest,
    isHighest: isHighestOffer(offer, announcement),
  };
}

/** An announcement's public price changes, newest first (decision 037; a few rows, by its index). */
export async function priceHistoryOf(db: Db, announcementId: string) {
  const rows = await db
    .select({
      oldPrice: announcementPriceChanges.oldPrice,
      newPrice: announcementPriceChanges.newPrice,
      changedAt: announcementPriceChanges.changedAt,
    })
    .from(announcementPriceChanges)
    .where(eq(announcementPriceChanges.announcementId, announcementId))
    .orderBy(desc(announcementPriceChanges.changedAt), desc(announcementPriceChanges.id))
    .limit(50);
  return rows.map((r) => ({ ...r, changedAt: r.changedAt.toISOString() }));
}

/**
 * The public page of a property: visible while it has a live announcement, and always to its owner.
 * Anyone else gets null (404): a draft or ended listing does not reveal that it exists. It shows the
 * approved version (the columns and the photos not pending) to everyone, the server-rendered HTML
 * included; the owner also gets their pending revision in `owner` (decision 011). A signed-in viewer
 * who is not the owner also gets `yourOffer` (their own current offer or null); a visitor never.
 */
export async function getPropertyPage(
  db: Db,
  propertyId: string,
  viewerId: string | null,
): Promise<PropertyPage | null> {
  const [row] = await db
    .select({
      p: properties,
      municipalityName: municipalities.displayName,
      provinceName: provinces.displayName,
      ownerVerified: users.isVerified,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.ownerId))
    .leftJoin(municipalities, eq(municipalities.code, properties.municipalityCode))
    .leftJoin(provinces, eq(provinces.code, properties.provinceCode))
    .where(eq(properties.id, propertyId));
  if (!row) return null;
  const isOwner = viewerId === row.p.ownerId;
  const { announcement, live } = await shownAnnouncement(db, propertyId, isOwner);
  if (!live && !isOwner) return null;

  // The approved photos: one uploaded into a pending revision is not shown until approved (decision 011).
  const images = await db
    .select()
    .from(propertyImages)
    .where(and(eq(propertyImages.propertyId, propertyId), eq(propertyImages.pending, false)))
    .orderBy(asc(propertyImages.position));
  const { p } = row;
  const priceHistory = announcement ? await priceHistoryOf(db, announcement.id) : [];
  const yourOffer =
    viewerId !== null && !isOwner
      ? { yourOffer: announcement ? await viewerOffer(db, announcement, viewerId) : null }
      : {};
  return {
    id: p.id,
    reference: p.reference,
    propertyTypeCode: p.propertyTypeCode,
    statusCode: p.statusCode,
    surfaceM2: p.surfaceM2,
    rooms: p.rooms,
    bathrooms: p.bathrooms,
    floorCode: p.floorCode,
    orientationCode: p.orientationCode,
    energyCertificationCode: p.energyCertificationCode,
    emissionCertificationCode: p.emissionCertificationCode,
    protectedHousingCode: p.protectedHousingCode,
    features: p.features,
    provinceCode: p.provinceCode,
    provinceName: row.provinceName,
    municipalityCode: p.municipalityCode,
    municipalityName: row.municipalityName,
    street: p.street,
    images: images.map(toImageDto),
    ownerVerified: row.ownerVerified,
    owner: isOwner
      ? {
          streetNumber: p.streetNumber,
          door: p.door,
          postalCode: p.postalCode,
          floorCode: p.floorCode,
          blockCode: p.blockCode,
          stageCode: p.stageCode,
          validationStatus: p.validationStatus,
          validationReason: p.validationReason,
          live,
          revision: p.revision,
          pendingRevision: ownerRevision(p),
        }
      : null,
    announcement: announcement
      ? {
          id: announcement.id,
          typeCode: announcement.typeCode,
          offerTypeCode: announcement.offerTypeCode,
          statusCode: announcement.statusCode,
          title:
            announcement.customTitle ||
            defaultTitle(announcement.typeCode, p.propertyTypeCode, row.municipalityName),
          description: announcement.description ?? '',
          price: announcement.price,
          highestOffer: announcement.highestOffer,
          offersCount: announcement.offersCount,
          petsAllowed: announcement.petsAllowed,
          furnished: announcement.furnished,
          availableFrom: announcement.availableFrom,
          details: announcement.details,
          publishedAt: announcement.publishedAt?.toISOString() ?? null,
          endsAt: announcement.endsAt?.toISOString() ?? null,
          priceHistory,
        }
      : null,
    ...yourOffer,
  };
}
