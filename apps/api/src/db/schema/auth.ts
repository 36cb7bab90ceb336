import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Sessions: opaque 256-bit tokens, stored as their SHA-256. `kind` is user, agent or impersonation;
 * an impersonation session belongs to the impersonated user and records the agent and the reason.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['user', 'agent', 'impersonation'] }).notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleTimeoutSeconds: integer('idle_timeout_seconds').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason', { enum: ['logout', 'blocked', 'replaced'] }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_agent_idx').on(t.agentId)],
);

/** One-time codes sent by SMS. Only the hash is stored; `attempts` counts evaluated guesses. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    verificationHash: text('verification_hash').unique(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verificationUsedAt: timestamp('verification_used_at', { withTimezone: true }),
  },
  (t) => [index('otp_codes_phone_created_idx').on(t.phoneNumber, t.createdAt)],
);

/** Every request made with an impersonation token (ARCHITECTURE.md §4). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_user_at_idx').on(t.userId, t.at), index('audit_log_session_idx').on(t.sessionId)],
);
