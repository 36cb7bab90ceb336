import { z } from 'zod';
import { calendarDate } from './common';
import { masterCodes, type MasterListName } from '../master-codes';
import { revisionStatus } from './listings';
import type { AnnouncementKind } from '../announcement-kind';
import { isPriceAllowed } from '../rules/price-bounds';
import { arrasIssue, arrasTypeCodes, arrasUnits } from '../rules/arras';
import { ownerNextSteps, ownerTabs } from '../rules/owner-next-step';

/** A code of one master list; an unknown code is a 400 naming the field. */
export const masterCode = (list: MasterListName) =>
  z.string().refine((value) => masterCodes[list].has(value), { message: `código desconocido de ${list}` });

const count = (max: number) => z.number().int().min(0).max(max);

/** Property form (SPEC 2.1 /new-property). Everything but the address and type is optional. */
export const propertyFields = z.object({
  street: z.string().trim().min(1).max(120),
  streetNumber: z.string().trim().max(10).optional(),
  floorCode: masterCode('floors').optional(),
  blockCode: masterCode('blocks').optional(),
  door: z.string().trim().max(10).optional(),
  postalCode: z
    .string()
    .regex(/^\d{5}$/)
    .optional(),
  provinceCode: z.string().regex(/^\d{2}$/),
  municipalityCode: z.string().regex(/^\d{5}$/),
  propertyTypeCode: masterCode('propertyTypes'),
  statusCode: masterCode('propertyStatus').optional(),
  surfaceM2: z.number().int().min(5).max(100_000),
  rooms: count(50),
  bathrooms: count(20),
  orientationCode: masterCode('orientations').optional(),
  energyCertificationCode: masterCode('energyCertifications').optional(),
  emissionCertificationCode: masterCode('emissionCertifications').optional(),
  features: z.array(masterCode('additionalFeatures')).max(40).default([]),
  protectedHousingCode: masterCode('protectedHousingTypes').optional(),
  stageCode: masterCode('stages').optional(),
});

const sameProvince = (p: { provinceCode?: string | undefined; municipalityCode?: string | undefined }) =>
  !p.provinceCode || !p.municipalityCode || p.municipalityCode.startsWith(p.provinceCode);
const municipalityIssue = { message: 'el municipio no es de esa provincia', path: ['municipalityCode'] };

/** POST /api/property and PUT /api/property/{id}: the complete form, sent for validation. */
export const propertyInput = propertyFields.refine(sameProvince, municipalityIssue);
export type PropertyInput = z.input<typeof propertyInput>;

/** POST /api/property/draft: anything filled so far; `id` continues an existing draft. */
export const propertyDraftInput = propertyFields
  .partial()
  .extend({ id: z.uuid().optional() })
  .refine(sameProvince, municipalityIssue);
export type PropertyDraftInput = z.input<typeof propertyDraftInput>;

/**
 * The price of one kind, in whole euros within its hard limits (rules/price-bounds). Out of them the
 * issue carries `params.code`, which the API answers as that error code (422 PRICE_OUT_OF_RANGE) and
 * the web turns into a message naming the limits.
 */
export const priceOf = (kind: AnnouncementKind) =>
  z
    .number()
    .int()
    .refine((value) => isPriceAllowed(kind, value), { params: { code: 'PRICE_OUT_OF_RANGE', kind } });
const isoDate = calendarDate;

const common = {
  propertyId: z.uuid(),
  offerTypeCode: masterCode('offerTypes').default('AOT001'),
  customTitle: z.string().trim().max(90).optional(),
  description: z.string().trim().max(5000).optional(),
  availableFrom: isoDate.optional(),
  durationCode: masterCode('durations').default('ADU002'),
};

/**
 * The arras a sale asks for (rules/arras.ts, issue 23): a percentage outside 1–30 % is 422
 * ARRAS_PERCENT_OUT_OF_RANGE; an amount in euros at the price or above is checked by the API against the
 * price it stores (422 ARRAS_OVER_PRICE).
 */
export const arrasInput = z
  .object({
    typeCode: z.enum(arrasTypeCodes),
    unit: z.enum(arrasUnits),
    value: z.number().int().min(1).max(50_000_000),
  })
  .refine((arras) => arrasIssue(arras, null) === null, {
    params: { code: 'ARRAS_PERCENT_OUT_OF_RANGE' },
    path: ['value'],
  });

/** Sale (ATY003): price, community fees (€/mes), IBI (€/año), the arras. */
export const saleInput = z.object({
  ...common,
  price: priceOf('sale'),
  communityFees: z.number().int().min(0).max(10_000).optional(),
  ibi: z.number().int().min(0).max(100_000).optional(),
  arras: arrasInput.optional(),
});

/** Whole-home rental (ATY002): monthly price and the terms of the contract. */
export const rentalInput = z.object({
  ...common,
  price: priceOf('rental'),
  depositCode: masterCode('deposits').optional(),
  warrantyMonthsCode: masterCode('warrantyMonths').optional(),
  contractDurationCode: masterCode('contractDurations').optional(),
  responsibilityChargeCodes: z.array(masterCode('responsibilityCharges')).max(20).default([]),
  petTypeCode: masterCode('petTypes').optional(),
  furnished: z.boolean().default(false),
  registrationCode: masterCode('registrationResidencies').optional(),
});

/** Room rental (ATY001): the room and the household. */
export const roomRentalInput = z.object({
  ...common,
  price: priceOf('room'),
  roomTypeCode: masterCode('roomTypes'),
  bedTypeCode: masterCode('bedTypes').optional(),
  windowTypeCode: masterCode('windowTypes').optional(),
  cohabitants: z.number().int().min(0).max(20).optional(),
  genderPreferenceCode: masterCode('genderPreferences').optional(),
  lifestyleCodes: z.array(masterCode('lifestyles')).max(11).default([]),
  expensesIncluded: z.boolean().default(false),
  petTypeCode: masterCode('petTypes').optional(),
  furnished: z.boolean().default(true),
});

/** The drafts accept the same fields, all optional but the property. */
export const saleDraftInput = saleInput.partial().required({ propertyId: true });
export const rentalDraftInput = rentalInput.partial().required({ propertyId: true });
export const roomRentalDraftInput = roomRentalInput.partial().required({ propertyId: true });
export type SaleInput = z.input<typeof saleInput>;
export type RentalInput = z.input<typeof rentalInput>;
export type RoomRentalInput = z.input<typeof roomRentalInput>;

/** Owner's view of one of their announcements (lists and detail). */
export const ownerAnnouncement = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  reference: z.string(),
  typeCode: z.string(),
  offerTypeCode: z.string(),
  statusCode: z.string(),
  statusReason: z.string().nullable(),
  propertyValidationStatus: z.string(),
  propertyValidationReason: z.string().nullable(),
  title: z.string(),
  price: z.number().int().nullable(),
  highestOffer: z.number().int().nullable(),
  offersCount: z.number().int(),
  /** Every offer or visit request it received, current and past: what the owner's offers page lists. */
  receivedOffers: z.number().int(),
  publishedAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  daysLeft: z.number().int().nullable(),
  image: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  actions: z.object({
    canEdit: z.boolean(),
    canPublish: z.boolean(),
    canWithdraw: z.boolean(),
    canDiscardDraft: z.boolean(),
    canCloseBidding: z.boolean(),
    canReactivate: z.boolean(),
    canRequestReview: z.boolean(),
  }),
});
export type OwnerAnnouncement = z.infer<typeof ownerAnnouncement>;

/** GET /api/announcement/properties: one of the owner's properties, newest change first. */
export const ownerProperty = z.object({
  id: z.uuid(),
  reference: z.string(),
  title: z.string(),
  validationStatus: z.string(),
  validationReason: z.string().nullable(),
  image: z.string().nullable(),
  announcements: z.number().int(),
  /**
   * A draft the owner may throw away (DELETE /api/property/{id}): never sent to validation, and no
   * announcement of it went beyond a draft.
   */
  canDiscard: z.boolean(),
  /** The owner's edit of the validated property: waiting for review, or refused (decision 011). */
  revisionStatus: revisionStatus.nullable(),
  /** The one tab of "Mis anuncios" the property is in (rules/owner-next-step). */
  tab: z.enum(ownerTabs),
  /** What the owner does next with it. */
  nextStep: z.enum(ownerNextSteps),
  /** The announcement whose card carries the step; null when the step is the property's own. */
  nextAnnouncementId: z.uuid().nullable(),
});
export type OwnerProperty = z.infer<typeof ownerProperty>;

/**
 * GET /api/announcement/{id}/administrator and GET /api/announcement/property/{id}/administrator:
 * whether the caller administers (owns) the listing, so its public page offers 'Gestionar anuncio'
 * instead of the tenant's buttons. `announcementId` is the live announcement (for the owner, else the
 * latest one), null when there is none.
 */
export const listingAdministrator = z.object({
  administrator: z.boolean(),
  propertyId: z.uuid(),
  announcementId: z.uuid().nullable(),
});
export type ListingAdministrator = z.infer<typeof listingAdministrator>;
