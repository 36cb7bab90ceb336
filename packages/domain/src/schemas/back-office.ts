import { z } from 'zod';

/**
 * The agents' back office (issue 14): the validation queue and the property search (SPEC 7.2).
 * The web's agent screens import these names; keep them stable.
 */

/** What waits for an agent: a new property, an owner's edit of a validated one, or an announcement. */
export const validationQueueKinds = ['property', 'property-revision', 'announcement'] as const;
export const validationQueueKind = z.enum(validationQueueKinds);
export type ValidationQueueKind = z.infer<typeof validationQueueKind>;

/** At most this many waiting things are counted: beyond it the queue says "más de 1.000" (issue 29). */
export const VALIDATION_QUEUE_COUNT_CAP = 1000;

/**
 * GET /api/agents/validation-queue: `q` filters by reference, title, owner name or phone; `cursor` (the
 * previous page's `nextCursor`) continues after its last item (keyset pages, issue 29 point 2).
 */
export const validationQueueQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  q: z.string().trim().max(80).optional(),
  cursor: z.string().max(300).optional(),
});
export type ValidationQueueQuery = z.input<typeof validationQueueQuery>;

/** The owner of what waits, as an agent needs to see them (to call them, or to know they are blocked). */
export const validationQueueOwner = z.object({
  id: z.uuid(),
  name: z.string(),
  surname: z.string(),
  phoneNumber: z.string().nullable(),
  isVerified: z.boolean(),
  isBlocked: z.boolean(),
});
export type ValidationQueueOwner = z.infer<typeof validationQueueOwner>;

/**
 * One thing waiting for an agent. `kind` says which decision it needs: `property` and
 * `property-revision` are decided with POST /api/agents/property/{propertyId}/validate, `announcement`
 * with POST /api/agents/announcement/{announcementId}/validate; `revision` is the one to name in the
 * decision (of the property, or of the announcement). `submittedAt` is when the owner sent it (the queue
 * is oldest first). For a property the `title`, type and price come from the announcement sent with it,
 * else its newest one; for a `property-revision` the place, title and photos are the revision's (what the
 * agent approves). `coverImageUrl` is the card size (640 px) of the first photo. An `announcement` is an
 * item of its own only when its property is validated: sent with a property in validation it rides on the
 * property's item (`jointAnnouncements`), and with a rejected property it waits for the owner's
 * correction, to come back with the property (decisions 028 and 032).
 */
export const validationQueueItem = z.object({
  kind: validationQueueKind,
  propertyId: z.uuid(),
  announcementId: z.uuid().nullable(),
  reference: z.string(),
  title: z.string(),
  municipalityName: z.string().nullable(),
  provinceName: z.string().nullable(),
  announcementTypeCode: z.string().nullable(),
  price: z.number().int().nullable(),
  submittedAt: z.iso.datetime(),
  coverImageUrl: z.string().nullable(),
  imageCount: z.number().int(),
  owner: validationQueueOwner,
  revision: z.number().int(),
  /**
   * On a `property` item: the announcements its owner sent to validation with it (decision 028), decided
   * in the same review; they are not items of their own. Empty on every other item.
   */
  jointAnnouncements: z.array(z.object({ id: z.uuid(), revision: z.number().int(), typeCode: z.string() })),
  /**
   * The property's validation status (PSG002 pending, PSG001 validated, ...): an announcement of a
   * property not validated yet cannot be approved (422 PROPERTY_NOT_VALIDATED) until the property is.
   */
  propertyValidationStatus: z.string(),
});
export type ValidationQueueItem = z.infer<typeof validationQueueItem>;

/**
 * `total` counts what waits (and matches `q`) up to VALIDATION_QUEUE_COUNT_CAP; `totalCapped` says more
 * wait than that. `nextCursor` asks for the next page (null on the last one).
 */
export const validationQueueResponse = z.object({
  items: z.array(validationQueueItem),
  total: z.number().int(),
  totalCapped: z.boolean(),
  pageSize: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type ValidationQueueResponse = z.infer<typeof validationQueueResponse>;

/** GET /api/agents/properties/search?name= (SPEC 7.2): reference, title or address; 2 characters at least. */
export const propertySearchQuery = z.object({
  name: z.string().trim().min(2).max(80),
});
export type PropertySearchQuery = z.input<typeof propertySearchQuery>;

export const propertySearchAnnouncement = z.object({
  id: z.uuid(),
  typeCode: z.string(),
  statusCode: z.string(),
});

/** At most 20 properties, the most recently changed first. */
export const propertySearchItem = z.object({
  id: z.uuid(),
  reference: z.string(),
  title: z.string(),
  validationStatus: z.string(),
  hasPendingRevision: z.boolean(),
  address: z.string(),
  municipalityName: z.string().nullable(),
  owner: z.object({ id: z.uuid(), name: z.string(), surname: z.string() }),
  announcements: z.array(propertySearchAnnouncement),
});
export type PropertySearchItem = z.infer<typeof propertySearchItem>;

export const propertySearchResponse = z.object({ items: z.array(propertySearchItem) });
export type PropertySearchResponse = z.infer<typeof propertySearchResponse>;

/** How many properties the search returns at most. */
export const propertySearchLimit = 20;
