import { sql } from 'drizzle-orm';
import {
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { announcements } from './listings';
import { offers } from './offers';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A signature of one party: the typed full name, when, and from which address. */
export interface PartySignature {
  fullName: string;
  signedAt: string;
  ip: string;
}

/**
 * A contract drafted from an announcement's selected offer (issue 13): a rental under the LAU or a
 * private purchase agreement with arras. CST000 draft → CST001 owner data sent → CST002 tenant data
 * sent → CST003 sent to sign → CST004 signed; CST005 cancelled from any state before signed. One
 * contract of an announcement is alive (not cancelled) at a time: a unique index.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The candidate of the selected offer: the tenant or the buyer. */
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The announcement's type when drafted (ATY003 sale; any other a rental). */
    typeCode: text('type_code').notNull(),
    statusCode: text('status_code').notNull().default('CST000'),
    /** The agreed amount: the selected offer's, or the price for a visit request (whole euros). */
    amount: integer('amount').notNull(),
    /** The announcement's conditions (deposit, duration, start date, clauses), the owner may adjust them. */
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull().default({}),
    ownerData: jsonb('owner_data').$type<Record<string, unknown>>(),
    tenantData: jsonb('tenant_data').$type<Record<string, unknown>>(),
    ownerSentAt: timestamp('owner_sent_at', { withTimezone: true }),
    tenantSentAt: timestamp('tenant_sent_at', { withTimezone: true }),
    sentToSignAt: timestamp('sent_to_sign_at', { withTimezone: true }),
    /** SHA-256 (hex) of the contract's PDF as both parties sign it. */
    documentSha256: text('document_sha256'),
    ownerSignature: jsonb('owner_signature').$type<PartySignature>(),
    tenantSignature: jsonb('tenant_signature').$type<PartySignature>(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** `owner` or `tenant`. */
    cancelledBy: text('cancelled_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contracts_one_alive_per_announcement')
      .on(t.announcementId)
      .where(sql`status_code <> 'CST005'`),
    index('contracts_owner_idx').on(t.ownerId, t.updatedAt),
    index('contracts_tenant_idx').on(t.tenantId, t.updatedAt),
  ],
);

/** The contract's PDFs: as sent to sign (what the parties sign) and, once signed, the sealed one. */
export const contractDocuments = pgTable('contract_documents', {
  contractId: uuid('contract_id')
    .primaryKey()
    .references(() => contracts.id, { onDelete: 'cascade' }),
  unsignedPdf: bytea('unsigned_pdf').notNull(),
  unsignedSha256: text('unsigned_sha256').notNull(),
  signedPdf: bytea('signed_pdf'),
  signedSha256: text('signed_sha256'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Inventory photos of a contract, uploaded by either party before it is sent to sign. */
export const contractImages = pgTable(
  'contract_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contract_images_contract_idx').on(t.contractId, t.createdAt)],
);

/** One-time signing codes sent by SMS to a party (hashed, short-lived, a few attempts). */
export const contractSignCodes = pgTable(
  'contract_sign_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** `owner` or `tenant`. */
    party: text('party').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contract_sign_codes_idx').on(t.contractId, t.party, t.id)],
);
