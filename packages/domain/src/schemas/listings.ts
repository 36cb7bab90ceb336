import { z } from 'zod';
import { OfferStatus } from '../codes';

/** Catalogue kinds as the URL and the API name them; each maps to an announcement type code. */
export const listingKinds = { venta: 'ATY003', alquiler: 'ATY002', habitacion: 'ATY001' } as const;
export type ListingKind = keyof typeof listingKinds;

export const catalogueSorts = ['newest', 'price-asc', 'price-desc'] as const;
export type CatalogueSort = (typeof catalogueSorts)[number];

const money = z.coerce.number().int().min(0).max(100_000_000);

/** POST /api/announcement/search. Every filter optional; `cursor` continues a previous page. */
export const searchRequest = z
  .object({
    kind: z.enum(['venta', 'alquiler', 'habitacion']).optional(),
    provinceCode: z
      .string()
      .regex(/^\d{2}$/)
      .optional(),
    municipalityCode: z
      .string()
      .regex(/^\d{5}$/)
      .optional(),
    priceMin: money.optional(),
    priceMax: money.optional(),
    roomsMin: z.coerce.number().int().min(0).max(20).optional(),
    surfaceMin: z.coerce.number().int().min(0).max(100_000).optional(),
    surfaceMax: z.coerce.number().int().min(0).max(100_000).optional(),
    features: z
      .array(z.string().regex(/^PAF\d{3}$/))
      .max(20)
      .optional(),
    pets: z.boolean().optional(),
    furnished: z.boolean().optional(),
    /** Free text over title, municipality, province and street; accent-insensitive. */
    q: z.string().trim().max(100).optional(),
    sort: z.enum(catalogueSorts).default('newest'),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(48).default(24),
  })
  .refine((f) => f.priceMin === undefined || f.priceMax === undefined || f.priceMin <= f.priceMax, {
    message: 'el precio mínimo supera al máximo',
    path: ['priceMin'],
  });
export type SearchRequest = z.input<typeof searchRequest>;

export const imageDto = z.object({
  id: z.uuid(),
  thumb: z.string(),
  card: z.string(),
  gallery: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  color: z.string(),
});
export type ImageDto = z.infer<typeof imageDto>;

/** One result card of the catalogue. */
export const announcementCard = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  reference: z.string(),
  typeCode: z.string(),
  offerTypeCode: z.string(),
  title: z.string(),
  price: z.number().int().nullable(),
  highestOffer: z.number().int().nullable(),
  offersCount: z.number().int(),
  municipalityName: z.string().nullable(),
  provinceName: z.string().nullable(),
  rooms: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  surfaceM2: z.number().int().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  image: imageDto.nullable(),
  /** Euros the last public price change took off, while it is recent (decision 037); else null. */
  priceDrop: z.number().int().positive().nullable(),
});
export type AnnouncementCard = z.infer<typeof announcementCard>;

export const searchResponse = z.object({
  items: z.array(announcementCard),
  nextCursor: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof searchResponse>;

/** The property form's columns as stored (null for a field left empty). */
export const propertyFieldValues = z.object({
  street: z.string(),
  streetNumber: z.string().nullable(),
  floorCode: z.string().nullable(),
  blockCode: z.string().nullable(),
  door: z.string().nullable(),
  postalCode: z.string().nullable(),
  provinceCode: z.string().nullable(),
  municipalityCode: z.string().nullable(),
  propertyTypeCode: z.string().nullable(),
  statusCode: z.string().nullable(),
  surfaceM2: z.number().int().nullable(),
  rooms: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  orientationCode: z.string().nullable(),
  energyCertificationCode: z.string().nullable(),
  emissionCertificationCode: z.string().nullable(),
  features: z.array(z.string()),
  protectedHousingCode: z.string().nullable(),
  stageCode: z.string().nullable(),
});
export type PropertyFieldValues = z.infer<typeof propertyFieldValues>;

export const revisionStatus = z.enum(['pending', 'rejected']);
export type RevisionStatus = z.infer<typeof revisionStatus>;

/**
 * The owner's edit of a validated property while an agent has not approved it: `pending` waits for
 * review, `rejected` was refused (with `reason`) and stays for the owner to correct. The public keeps
 * seeing the approved version meanwhile.
 */
export const pendingRevision = z.object({
  status: revisionStatus,
  reason: z.string().nullable(),
  submittedAt: z.iso.datetime(),
  fields: propertyFieldValues,
});
export type PendingRevision = z.infer<typeof pendingRevision>;

/** GET /api/property/{id}: the public page of a home and its live announcement. */
export const propertyPage = z.object({
  id: z.uuid(),
  reference: z.string(),
  propertyTypeCode: z.string().nullable(),
  statusCode: z.string().nullable(),
  surfaceM2: z.number().int().nullable(),
  rooms: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  floorCode: z.string().nullable(),
  orientationCode: z.string().nullable(),
  energyCertificationCode: z.string().nullable(),
  emissionCertificationCode: z.string().nullable(),
  protectedHousingCode: z.string().nullable(),
  features: z.array(z.string()),
  provinceCode: z.string().nullable(),
  provinceName: z.string().nullable(),
  municipalityCode: z.string().nullable(),
  municipalityName: z.string().nullable(),
  /** The street is shown; the number and door only to the owner and to a selected tenant. */
  street: z.string(),
  images: z.array(imageDto),
  /** An agent checked who the owner is (the 'Propietario verificado' badge, issue 14). */
  ownerVerified: z.boolean(),
  /**
   * Only for the owner: the exact address and the validation state of the property; `live` says an
   * announcement of it is on show; `pendingRevision` is their edit waiting for (or refused by) an agent,
   * while the page shows the approved version (decision 011).
   */
  owner: z
    .object({
      streetNumber: z.string().nullable(),
      door: z.string().nullable(),
      postalCode: z.string().nullable(),
      floorCode: z.string().nullable(),
      blockCode: z.string().nullable(),
      stageCode: z.string().nullable(),
      validationStatus: z.string(),
      validationReason: z.string().nullable(),
      live: z.boolean(),
      revision: z.number().int(),
      pendingRevision: pendingRevision.nullable(),
    })
    .nullable(),
  announcement: z
    .object({
      id: z.uuid(),
      typeCode: z.string(),
      offerTypeCode: z.string(),
      statusCode: z.string(),
      title: z.string(),
      description: z.string(),
      price: z.number().int().nullable(),
      highestOffer: z.number().int().nullable(),
      offersCount: z.number().int(),
      petsAllowed: z.boolean(),
      furnished: z.boolean(),
      availableFrom: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
      publishedAt: z.iso.datetime().nullable(),
      endsAt: z.iso.datetime().nullable(),
      /** Its public price changes, newest first (decision 037). */
      priceHistory: z.array(
        z.object({
          oldPrice: z.number().int(),
          newPrice: z.number().int(),
          changedAt: z.iso.datetime(),
        }),
      ),
    })
    .nullable(),
  /**
   * Only for a signed-in viewer who does not own the property: their current offer or visit request
   * on the shown announcement (sent or selected), else null; `isHighest` as the offers' own lists say
   * it (ties included). Absent for a visitor and for the owner: nobody else's offer is ever told, and
   * the server-rendered page (a visitor's) is unchanged (issue 23 point 4).
   */
  yourOffer: z
    .object({
      id: z.uuid(),
      amount: z.number().int(),
      statusCode: z.enum(OfferStatus),
      isVisitRequest: z.boolean(),
      isHighest: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type PropertyPage = z.infer<typeof propertyPage>;
export type ViewerOffer = NonNullable<PropertyPage['yourOffer']>;
