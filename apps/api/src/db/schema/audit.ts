import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What agents did (issue 14 point 6): every request an agent session made to change something, and
 * every request made while impersonating a user, written by the platform (`platform/audit.ts`) for all
 * routes at once. Rows are never changed: the product has no code path that updates or deletes them,
 * and a trigger (migration 0010) refuses UPDATE and DELETE. The ids are kept without foreign keys, so a
 * row outlives whatever it names (a cascade or a SET NULL would be an update the trigger refuses).
 */
export const agentAuditLog = pgTable(
  'agent_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    agentId: uuid('agent_id').notNull(),
    /** The user the agent was acting as (an impersonation session), or null on the agent's own session. */
    actingAsUserId: uuid('acting_as_user_id'),
    /** The route pattern (`/api/agents/user/:id/verify`), or the path when no route matched. */
    action: text('action').notNull(),
    method: text('method').notNull(),
    /** The path requested, without the query string. */
    path: text('path').notNull(),
    targetUserId: uuid('target_user_id'),
    targetAnnouncementId: uuid('target_announcement_id'),
    targetPropertyId: uuid('target_property_id'),
    status: integer('status').notNull(),
    ip: text('ip'),
  },
  (t) => [
    index('agent_audit_log_at_idx').on(t.at.desc()),
    index('agent_audit_log_agent_at_idx').on(t.agentId, t.at.desc()),
    index('agent_audit_log_acting_as_at_idx').on(t.actingAsUserId, t.at.desc()),
    index('agent_audit_log_target_user_at_idx').on(t.targetUserId, t.at.desc()),
  ],
);
