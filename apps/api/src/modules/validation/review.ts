import { asc, eq } from 'drizzle-orm';
import type { PropertyReview } from '@casaoferta/domain/schemas/moderation';
import type { ImageDto } from '@casaoferta/domain/schemas/listings';
import type { Db } from '../../db/client';
import { announcements, properties, propertyImages } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { toImageDto } from '../../platform/media';
import { liveFields, ownerRevision } from '../properties/revision';

/**
 * GET /api/agents/property/{id}/review: the approved version, the owner's pending revision (with its
 * photos, uploads included) and the announcements, each with the revision a decision must name.
 */
export async function reviewProperty(db: Db, propertyId: string): Promise<PropertyReview> {
  const [p] = await db.select().from(properties).where(eq(properties.id, propertyId));
  if (!p) throw new DomainError('NOT_FOUND');
  const images = await db
    .select()
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, p.id))
    .orderBy(asc(propertyImages.position));
  const byId = new Map(images.map((image) => [image.id, toImageDto(image)]));
  const gallery = (ids: string[]) =>
    ids.flatMap((id): ImageDto[] => {
      const image = byId.get(id);
      return image ? [image] : [];
    });
  const revision = ownerRevision(p);
  const rows = await db
    .select()
    .from(announcements)
    .where(eq(announcements.propertyId, p.id))
    .orderBy(asc(announcements.createdAt));
  return {
    id: p.id,
    reference: p.reference,
    ownerId: p.ownerId,
    validationStatus: p.validationStatus,
    validationReason: p.validationReason,
    revision: p.revision,
    live: { ...liveFields(p), images: gallery(images.filter((i) => !i.pending).map((i) => i.id)) },
    pendingRevision:
      revision && p.pendingRevision ? { ...revision, images: gallery(p.pendingRevision.imageIds) } : null,
    announcements: rows.map((a) => ({
      id: a.id,
      typeCode: a.typeCode,
      statusCode: a.statusCode,
      statusReason: a.statusReason,
      revision: a.revision,
      isPaid: a.isPaid,
      price: a.price,
      customTitle: a.customTitle,
      description: a.description,
      details: a.details,
    })),
  };
}
