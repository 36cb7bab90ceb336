import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { PendingRevision } from '@casaoferta/domain/schemas/listings';
import { municipalities, provinces } from './geo';
import { users } from './users';

/** A home an owner describes once and announces (for sale or rent) one or more times. */
export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Short public reference shown to people and used in the chat link, e.g. "CO-7K3F9Q". */
    reference: text('reference').notNull().unique(),
    street: text('street').notNull().default(''),
    streetNumber: text('street_number'),
    floorCode: text('floor_code'),
    blockCode: text('block_code'),
    door: text('door'),
    postalCode: varchar('postal_code', { length: 5 }),
    provinceCode: varchar('province_code', { length: 2 }).references(() => provinces.code),
    municipalityCode: varchar('municipality_code', { length: 5 }).references(() => municipalities.code),
    propertyTypeCode: text('property_type_code'),
    statusCode: text('status_code'),
    surfaceM2: integer('surface_m2'),
    rooms: integer('rooms'),
    bathrooms: integer('bathrooms'),
    orientationCode: text('orientation_code'),
    energyCertificationCode: text('energy_certification_code'),
    emissionCertificationCode: text('emission_certification_code'),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    protectedHousingCode: text('protected_housing_code'),
    stageCode: text('stage_code'),
    /** PSG000 not validated (draft), PSG002 pending, PSG001 validated, PSG004 rejected. */
    validationStatus: text('validation_status').notNull().default('PSG000'),
    validationReason: text('validation_reason'),
    /**
     * The owner's version of the content, +1 on every change (fields or photos). An agent's decision
     * names the revision reviewed; a newer one makes it 409 REVISION_OUTDATED (decision 011).
     */
    revision: integer('revision').notNull().default(1),
    /**
     * A validated property's columns are its approved, public version; the owner's edit waits here
     * until an agent approves it (applied then) or rejects it (kept, with the reason). Decision 011.
     */
    pendingRevision: jsonb('pending_revision').$type<PropertyRevision>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('properties_owner_idx').on(t.ownerId),
    // The agents' validation queue (issue 29): keyset pages over what waits, oldest first. The function
    // is migration 0019's: the revision's `submittedAt` as a timestamp (immutable: always ISO with Z).
    index('properties_pending_validation_idx')
      .on(t.updatedAt, t.id)
      .where(sql`validation_status = 'PSG002'`),
    index('properties_pending_revision_idx')
      .on(sql`pending_revision_submitted_at(${t.pendingRevision})`, t.id)
      .where(sql`validation_status = 'PSG001' and (pending_revision->>'status') = 'pending'`),
  ],
);

/**
 * An edit of a validated property waiting for (or refused by) an agent: what the owner sees of it
 * (`PendingRevision`) and the gallery they want, in order (approved photos kept and photos uploaded
 * since, `pending`).
 */
export type PropertyRevision = PendingRevision & { imageIds: string[] };

/** Photos, re-encoded to WebP in three sizes (thumb, card, gallery) under the file store. */
export const propertyImages = pgTable(
  'property_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Files live at `<media root>/<storageKey>-<size>.webp` (demo photos share theirs). */
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Dominant colour, painted while the photo loads (no layout shift, no grey boxes). */
    color: varchar('color', { length: 7 }).notNull().default('#d9e2e1'),
    /** Uploaded into a pending revision: not public until an agent approves it (decision 011). */
    pending: boolean('pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One photo per position. The migration makes it DEFERRABLE (drizzle cannot say so): a reorder moves
  // every position in one statement, checked at its end (`reorderImages`).
  (t) => [unique('property_images_position_unique').on(t.propertyId, t.position)],
);

/** What a catalogue card needs of the cover photo (`toImageDto` builds its URLs from the key). */
export interface CoverImage {
  id: string;
  storageKey: string;
  width: number;
  height: number;
  color: string;
}

/**
 * An announcement of a property: sale (ATY003), whole-home rental (ATY002) or room rental (ATY001).
 * Search columns (location, rooms, surface, features, cover image, search text) are copied from the
 * property when it is published; the card columns (reference, bathrooms, type, place names, cover
 * photo) are kept equal to their sources by `refreshCards`. The catalogue reads this one table.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    typeCode: text('type_code').notNull(),
    offerTypeCode: text('offer_type_code').notNull().default('AOT001'),
    statusCode: text('status_code').notNull().default('AST000'),
    statusReason: text('status_reason'),
    /** The owner's version of the announcement, +1 on every edit; an agent's decision names it. */
    revision: integer('revision').notNull().default(1),
    price: integer('price'),
    /** The price last shown publicly: a public change is recorded against it (decision 037). */
    publishedPrice: integer('published_price'),
    /** The last public price change, for the card's drop badge without a join (decision 037). */
    previousPrice: integer('previous_price'),
    priceChangedAt: timestamp('price_changed_at', { withTimezone: true }),
    /** The owner's new price of a live announcement, waiting for an agent (moderated, decision 037). */
    pendingPrice: integer('pending_price'),
    customTitle: text('custom_title'),
    description: text('description'),
    petsAllowed: boolean('pets_allowed').notNull().default(false),
    furnished: boolean('furnished').notNull().default(false),
    availableFrom: date('available_from'),
    /** Fields of one kind only (sale fees, rental terms, room details), validated by the domain schema. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    periodDays: integer('period_days').notNull().default(30),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** The `ends_at` the owner was last told is near (scheduled/period-ending.ts): an extension makes a new notice due. */
    periodNoticeEndsAt: timestamp('period_notice_ends_at', { withTimezone: true }),
    isPaid: boolean('is_paid').notNull().default(false),
    /** When it was unlocked, and the agent who marked it paid (null when a payment did, issue 13). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidByAgentId: uuid('paid_by_agent_id'),
    highestOffer: integer('highest_offer'),
    offersCount: integer('offers_count').notNull().default(0),
    provinceCode: varchar('province_code', { length: 2 }),
    municipalityCode: varchar('municipality_code', { length: 5 }),
    rooms: integer('rooms'),
    surfaceM2: integer('surface_m2'),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    coverImageId: uuid('cover_image_id'),
    searchText: text('search_text').notNull().default(''),
    // Card columns: copies of the property's, the place names of the announcement's own location and
    // the photo `cover_image_id` names, refreshed wherever one of them changes (search joins nothing).
    reference: text('reference').notNull().default(''),
    bathrooms: integer('bathrooms'),
    propertyTypeCode: text('property_type_code'),
    municipalityName: text('municipality_name'),
    provinceName: text('province_name'),
    coverImage: jsonb('cover_image').$type<CoverImage>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('announcements_owner_idx').on(t.ownerId),
    index('announcements_property_idx').on(t.propertyId),
    // The agents' validation queue (issue 29): announcements pending validation, oldest first.
    index('announcements_pending_validation_idx')
      .on(t.updatedAt, t.propertyId, t.id)
      .where(sql`status_code = 'AST002'`),
    // Keyset pagination of the catalogue: one index per sort, filtered to what is on show.
    index('announcements_live_all_newest_idx')
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status_code = 'AST001'`),
    index('announcements_live_newest_idx')
      .on(t.typeCode, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status_code = 'AST001'`),
    index('announcements_live_price_idx')
      .on(t.typeCode, t.price, t.id)
      .where(sql`status_code = 'AST001'`),
    index('announcements_live_province_idx')
      .on(t.provinceCode, t.typeCode, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status_code = 'AST001'`),
  ],
);

/** Every public price change of an announcement (decision 037), written in the transaction that makes it. */
export const announcementPriceChanges = pgTable(
  'announcement_price_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    oldPrice: integer('old_price').notNull(),
    newPrice: integer('new_price').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcement_price_changes_announcement_idx').on(t.announcementId, t.changedAt.desc())],
);

/** A person's favourite announcements (issue 26 point 2): one row per pair, by its primary key. */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'favourites_pkey', columns: [t.userId, t.announcementId] }),
    index('favourites_announcement_idx').on(t.announcementId),
    index('favourites_user_newest_idx').on(t.userId, t.createdAt.desc(), t.announcementId.desc()),
  ],
);
