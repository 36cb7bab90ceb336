import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { offers } from './offers';
import { users } from './users';

/**
 * A tenant's solvency profile (SPEC 3 "Tenant profile"): the household part. The people of the profile,
 * the tenant included, are rows of `household_people`; the profile's `id` is also the id of the tenant's
 * own person row.
 */
export const tenantProfiles = pgTable(
  'tenant_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().unique(),
    numberCohabitants: integer('number_cohabitants'),
    numberChildren: integer('number_children'),
    hasPets: boolean('has_pets'),
    hasSmokers: boolean('has_smokers'),
    presentation: text('presentation'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check('tenant_profiles_cohabitants', sql`number_cohabitants between 0 and 10`),
    check('tenant_profiles_children', sql`number_children between 0 and coalesce(number_cohabitants, 0)`),
  ],
);

/**
 * The people of a tenant's profile: the tenant (role 'tenant', fields filled section by section), the
 * co-holders and the guarantors (every field, ids made by the client). One identifier per profile: a
 * unique index, so two requests cannot give two people the same NIF.
 */
export const householdPeople = pgTable(
  'household_people',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'tenant', 'co_holder' or 'guarantor'. */
    role: text('role').notNull(),
    nif: text('nif'),
    typeContractCode: text('type_contract_code'),
    salaryRangeCode: text('salary_range_code'),
    name: text('name'),
    surname: text('surname'),
    birthDate: date('birth_date', { mode: 'string' }),
    countryCode: text('country_code'),
    civilStatusCode: text('civil_status_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('household_people_one_nif')
      .on(t.tenantId, t.nif)
      .where(sql`nif is not null`),
    uniqueIndex('household_people_one_tenant')
      .on(t.tenantId)
      .where(sql`role = 'tenant'`),
    index('household_people_tenant_idx').on(t.tenantId, t.role, t.createdAt),
    check('household_people_role', sql`role in ('tenant', 'co_holder', 'guarantor')`),
    check('household_people_complete', sql`role = 'tenant' or (nif is not null and name is not null)`),
  ],
);

/**
 * A document of the tenant or of one of their people (`person_id`; null for the tenant's own). The file
 * is stored encrypted (AES-256-GCM) under `storage_key`, a name the server makes.
 */
export const tenantDocuments = pgTable(
  'tenant_documents',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: uuid('person_id').references(() => householdPeople.id, { onDelete: 'cascade' }),
    kindCode: text('kind_code').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    /** SHA-256 of the plaintext, hex. */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tenant_documents_tenant_idx').on(t.tenantId, t.personId, t.createdAt)],
);

/** Every download of a tenant's document: who, when, which file, and through which offer. Read by the tenant. */
export const documentDownloads = pgTable(
  'document_downloads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => tenantDocuments.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** 'tenant', 'owner' or 'agent'. */
    byRole: text('by_role').notNull(),
    /** The person who downloaded (the agent's own id when an agent did, also while acting as the tenant). */
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_downloads_tenant_idx').on(t.tenantId, t.createdAt)],
);
