import { z } from 'zod';
import { OfferDecisionReason, OfferEventKind, OfferPaymentType, OfferStatus } from '../codes';
import { imageDto } from './listings';
import { solvencyVerdict } from './tenant';
import { arrasTypeCodes, arrasUnits } from '../rules/arras';
import type { LiveEvent } from './live-event';

/**
 * Wire shapes of offers and visit requests (SPEC 3 "Offer", 7.4). Amounts are whole euros (rentals per
 * month). The schema takes any finite number where a person types one: whether it is whole, within the
 * bounds or the salary range is a rule (`rules/offer-rules.ts`), answered with its own code and text.
 */

const code = z.string().trim().min(1).max(20);
const euros = z.number().finite().min(-1e12).max(1e12);

/** POST /api/announcement/{id}/offers: a new offer (client-generated `id`) or an edit of the active one. */
export const offerInput = z.object({
  id: z.uuid(),
  amount: euros,
  offerPaymentType: z.enum(OfferPaymentType).default(OfferPaymentType.Cash),
  /** Sales: a note for the owner. */
  description: z.string().trim().max(2000).optional(),
  reasonPurchaseCode: code.optional(),
  mortgageAmount: euros.nullable().optional(),
  mortgagePreApproved: z.boolean().optional(),
  /** Sales whose announcement states arras (issue 23): the buyer accepts them (422 ARRAS_NOT_ACCEPTED otherwise). */
  acceptsArras: z.boolean().optional(),
  /** Employment section (SPEC 5.3), sent when the profile is incomplete for this kind of offer. */
  nif: z.string().trim().max(20).optional(),
  typeContractCode: code.optional(),
  salary: euros.optional(),
  /**
   * Issue 23 point 9: the candidate ticked "Guardar estos datos en mi perfil": the employment section is
   * also saved to their tenant profile's work step, in the offer's transaction (the profile's rules and
   * codes; a refusal stores nothing). Without it the profile is never written.
   */
  saveToProfile: z.boolean().optional(),
  /**
   * Issue 23 point 7: 'Compartir mi documentación con el propietario', chosen in the offer flow. Stored
   * with the offer in its transaction (a refused offer shares nothing): true gives this offer's owner
   * the consent (kept from its first time on an edit), false revokes it, absent leaves it as it is
   * (a new offer: not shared). PUT .../documents-share changes it later.
   */
  shareDocuments: z.boolean().optional(),
});
export type OfferInput = z.infer<typeof offerInput>;

/** POST /api/announcement/{id}/pending-offers: the amount the person is about to offer. */
export const pendingOfferInput = z.object({
  offerId: z.uuid(),
  amount: euros,
  offerPaymentType: z.enum(OfferPaymentType).default(OfferPaymentType.Cash),
});

/**
 * The "announcement / offer management data" of SPEC 3: what the management dialog needs to go on
 * (which sections to ask for, the bounds) and what the candidate has offered so far.
 */
export const offerManagement = z.object({
  announcementId: z.uuid(),
  announcementTypeCode: z.string(),
  announcementOfferTypeCode: z.string(),
  isVisitRequest: z.boolean(),
  price: z.number().int().nullable(),
  highestOffer: z.number().int().nullable(),
  yourOffer: z.number().int().nullable(),
  /** The candidate's active offer id when this is an edit. */
  yourOfferId: z.uuid().nullable(),
  bounds: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  step: z.number().int(),
  actions: z.object({
    canMakeOffer: z.boolean(),
    hasTenantProfileCompleted: z.boolean(),
    hasTenantProfileCompletedToOffer: z.boolean(),
    hasProfileCompletedToSaleOffer: z.boolean(),
  }),
});
export type OfferManagement = z.infer<typeof offerManagement>;

/** One event of an offer's timeline (sent, modified, seen, bidding closed, decided, withdrawn...). */
export const offerEvent = z.object({
  kind: z.enum(OfferEventKind),
  at: z.iso.datetime(),
  /** The amount sent or changed to (null for events that do not change it, and for visit requests). */
  amount: z.number().int().nullable(),
  /** The owner's reason (`offerAttributes.decisionReasons`) on a 'not-selected' event. */
  reasonCode: z.enum(OfferDecisionReason).nullable(),
});
export type OfferEventDto = z.infer<typeof offerEvent>;

/** The terms of an offer, as both sides read them. */
const offerTerms = {
  id: z.uuid(),
  announcementId: z.uuid(),
  statusCode: z.enum(OfferStatus),
  isVisitRequest: z.boolean(),
  offerPaymentType: z.enum(OfferPaymentType),
  reasonPurchaseCode: z.string().nullable(),
  mortgagePreApproved: z.boolean().nullable(),
  description: z.string().nullable(),
  typeContractCode: z.string().nullable(),
  /**
   * The arras the buyer accepted with a sale offer (issue 23 point 13): the terms the announcement stated
   * when the offer was sent or last edited. Null when none were asked.
   */
  acceptedArras: z
    .object({ typeCode: z.enum(arrasTypeCodes), unit: z.enum(arrasUnits), value: z.number() })
    .nullable(),
  /** Why the owner chose another offer (only once decided, on an offer not selected). */
  decisionReasonCode: z.enum(OfferDecisionReason).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};

/** The announcement as a candidate's offer shows it. */
export const offerAnnouncement = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  title: z.string(),
  typeCode: z.string(),
  offerTypeCode: z.string(),
  statusCode: z.string(),
  price: z.number().int().nullable(),
  highestOffer: z.number().int().nullable(),
  offersCount: z.number().int(),
  municipalityName: z.string().nullable(),
  provinceName: z.string().nullable(),
  image: imageDto.nullable(),
});

/** GET /api/tenant/offers, offers/search, offers/sale-search: one offer of mine. */
export const myOffer = z.object({
  ...offerTerms,
  amount: z.number().int(),
  mortgageAmount: z.number().int().nullable(),
  salary: z.number().int().nullable(),
  /** My amount is the highest current offer (ties included). */
  isHighest: z.boolean(),
  announcement: offerAnnouncement,
});
export type MyOffer = z.infer<typeof myOffer>;

/** GET /api/announcement/{id}/offer/{offerId} for the candidate: the offer and its timeline. */
export const myOfferDetail = myOffer.extend({ timeline: z.array(offerEvent) });
export type MyOfferDetail = z.infer<typeof myOfferDetail>;

/** POST /api/announcement/offers/search and /sale-search: a page of my offers. */
export const myOffersQuery = z.object({
  /** active: sent or selected; closed: withdrawn, not selected or ended; all: both. */
  status: z.enum(['active', 'closed', 'all']).default('all'),
  limit: z.number().int().min(1).max(50).default(20),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});
export const myOffersPage = z.object({ items: z.array(myOffer), nextCursor: z.string().nullable() });
export type MyOffersPage = z.infer<typeof myOffersPage>;

/**
 * GET /api/tenant/offers: my current offers (optionally on one announcement); with `outcome=unseen`
 * instead, my decided offers (selected, not selected, ended) whose outcome I have not opened yet
 * (issue 23: shown first on /my-offers until opened).
 */
export const myOffersFilter = z.object({
  announcementId: z.uuid().optional(),
  outcome: z.enum(['unseen']).optional(),
});

/**
 * Solvency preview of a candidate (master list `solvencyStatuses`), the tenant's own verdict's shape
 * (domain rules/solvency.ts): the ratio is of the household's income, holders' and guarantors'.
 */
export const offerSolvency = solvencyVerdict;
export type OfferSolvency = z.infer<typeof offerSolvency>;

/**
 * One offer in the owner's list. Amounts stay hidden (`amountLocked`) until the announcement is paid
 * (SPEC 7.3 unlock-price); the candidate's contact details through `tenant-contact`, also after payment.
 */
export const ownerOffer = z.object({
  ...offerTerms,
  amount: z.number().int().nullable(),
  mortgageAmount: z.number().int().nullable(),
  amountLocked: z.boolean(),
  salary: z.number().int().nullable(),
  candidate: z.object({
    /** First name and the initial of the surname: "Laura G.". */
    displayName: z.string(),
    isVerified: z.boolean(),
  }),
  solvency: offerSolvency,
  isFavorite: z.boolean(),
  seenAt: z.iso.datetime().nullable(),
});
export type OwnerOffer = z.infer<typeof ownerOffer>;

/** The orders the owner reads received offers in (the web page's "Ordenar por"). */
export const ownerOfferSorts = ['date', 'amount', 'solvency'] as const;
export type OwnerOfferSort = (typeof ownerOfferSorts)[number];

/**
 * GET /api/announcement/{id}/offers?sort&favorites&cursor&limit: one page of the offers received, in
 * `sort` order (date: newest first; amount: highest first, then newest; solvency: the most reassuring
 * first, then the lowest share of income, then newest). `cursor` is the previous page's `nextCursor`
 * (for the same sort and filter); `favorites=true` keeps the owner's favourites only. Without `sort`:
 * amount once the announcement is paid, else date (the answer's `sort` says which).
 */
export const ownerOffersQuery = z.object({
  sort: z.enum(ownerOfferSorts).optional(),
  favorites: z.enum(['true', 'false']).default('false'),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type OwnerOffersQuery = z.input<typeof ownerOffersQuery>;

/** GET /api/announcement/{id}/offers: the owner's view of the offers received, one page at a time. */
export const ownerOffers = z.object({
  announcement: offerAnnouncement.extend({ isPaid: z.boolean() }),
  offers: z.array(ownerOffer),
  /** Offers the filter keeps, over every page. */
  total: z.number().int(),
  /** Offers the announcement received, current and past, whatever the filter. */
  received: z.number().int(),
  /** The order of this page (the one asked for, or the default). */
  sort: z.enum(ownerOfferSorts),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type OwnerOffers = z.infer<typeof ownerOffers>;

/** GET /api/announcement/{id}/offer/{offerId} for the owner. */
export const ownerOfferDetail = ownerOffer.extend({ timeline: z.array(offerEvent) });
export type OwnerOfferDetail = z.infer<typeof ownerOfferDetail>;

/** GET .../offer/{offerId}/unlock-price. */
export const unlockPrice = z.object({
  unlocked: z.boolean(),
  amount: z.number().int().nullable(),
  mortgageAmount: z.number().int().nullable(),
});

/** GET .../offer/{offerId}/tenant-contact. */
export const tenantContact = z.object({
  unlocked: z.boolean(),
  name: z.string(),
  surname: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});

/** POST .../offer/{offerId}/select-tenant: the reason every other candidate reads. */
export const selectTenantInput = z.object({
  reasonCode: z.enum(OfferDecisionReason).default(OfferDecisionReason.AnotherCandidate),
});

/** POST /api/announcement/offers/invite: invite someone by phone to make an offer. */
export const inviteInput = z.object({
  announcementId: z.uuid(),
  countryCode: z.string().trim().min(1).max(5),
  phoneNumber: z.string().trim().min(3).max(20),
});

/**
 * A live event on an announcement (GET /api/announcement/{id}/events, server-sent events): the API's
 * schema of the type the web reads with `readLiveEvent` (schemas/live-event.ts, without Zod).
 */
export const liveEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('summary'),
    announcementId: z.uuid(),
    statusCode: z.string(),
    highestOffer: z.number().int().nullable(),
    offersCount: z.number().int(),
  }),
  z.object({
    type: z.literal('offer'),
    announcementId: z.uuid(),
    offerId: z.uuid(),
    kind: z.enum(OfferEventKind),
  }),
  z.object({
    type: z.literal('your-offer'),
    announcementId: z.uuid(),
    offerId: z.uuid(),
    kind: z.enum(OfferEventKind),
    statusCode: z.enum(OfferStatus),
  }),
]);
export type { LiveEvent };
// The schema's type and the hand-written one are the same, both ways (a compile error otherwise).
const sameLiveEvent: [LiveEvent, z.infer<typeof liveEvent>] extends [z.infer<typeof liveEvent>, LiveEvent]
  ? true
  : false = true;
void sameLiveEvent;
