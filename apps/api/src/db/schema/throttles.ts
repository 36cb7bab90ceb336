import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request budgets of @fastify/rate-limit when the API runs on PostgreSQL, shared by every API process
 * (`platform/rate-limit-store.ts`). `key` is the route and the client's key (IP or user id).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/**
 * Agent logins per e-mail address (known or not, lower-cased): `failures` counts the attempts of the
 * current streak, taken before the password is checked; five lock the address until `lockedUntil`, for a
 * period that doubles with each of its `lockouts` (`modules/agents/authenticate-agent.ts`).
 */
export const agentLoginAttempts = pgTable(
  'agent_login_attempts',
  {
    email: text('email').primaryKey(),
    failures: integer('failures').notNull().default(0),
    lockouts: integer('lockouts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agent_login_attempts_last_idx').on(t.lastAttemptAt)],
);
