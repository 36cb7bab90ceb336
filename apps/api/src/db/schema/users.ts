import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StoredNotificationSettings } from '@casaoferta/domain/schemas/user-settings';

/** SPEC 3 "User". Phone users log in by OTP; agents also have an e-mail and a password hash. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  phoneNumber: text('phone_number').unique(),
  countryCode: text('country_code'),
  name: text('name').notNull(),
  surname: text('surname').notNull(),
  /** The confirmed address: the only one notices go to (issue 12: confirmed by a link, `user/email.ts`). */
  email: text('email').unique(),
  /** An address given but not confirmed yet, with the SHA-256 of its link's token and the link's expiry. */
  pendingEmail: text('pending_email'),
  emailTokenHash: text('email_token_hash').unique(),
  emailTokenExpiresAt: timestamp('email_token_expires_at', { withTimezone: true }),
  /** The token of every e-mail's unsubscribe link: it works without logging in, and only unsubscribes. */
  unsubscribeToken: uuid('unsubscribe_token').notNull().unique().defaultRandom(),
  passwordHash: text('password_hash'),
  isBlocked: boolean('is_blocked').notNull().default(false),
  isVerified: boolean('is_verified').notNull().default(false),
  hasProfileCompleted: boolean('has_profile_completed').notNull().default(false),
  notificationSettings: jsonb('notification_settings').$type<StoredNotificationSettings>(),
  privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);
