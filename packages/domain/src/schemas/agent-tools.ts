import { z } from 'zod';
import { validationQueueOwner } from './back-office';

/**
 * The agents' tools on users and announcements, and the audit log of what agents do (issue 14,
 * SPEC 2.3, 6, 7.2). Shared by the API (request and response schemas) and the web (its calls).
 */

/** `:id` of a user or an announcement in an agent route. */
export const agentToolIdParams = z.object({ id: z.uuid() });

/** POST /api/agents/user/{id}/verify and /unverify: the user's verified state after the call. */
export const verifiedState = z.object({ id: z.uuid(), isVerified: z.boolean() });
export type VerifiedState = z.infer<typeof verifiedState>;

/** GET /api/agents/users/{id}: what the agent Options sheet needs about a user (SPEC 6). */
export const agentUserState = validationQueueOwner.extend({ isAgent: z.boolean() });
export type AgentUserState = z.infer<typeof agentUserState>;

/** POST /api/agents/announcement/{id}/send-offers-email: where it went and how many offers it listed. */
export const offersEmailResponse = z.object({ id: z.uuid(), sentTo: z.string(), offers: z.number().int() });
export type OffersEmailResponse = z.infer<typeof offersEmailResponse>;

/**
 * POST /api/agents/property/{id}/send-contact-data (SPEC 6 'receive contact data'): the agent gets, at
 * their own address, the contact of the property's owner and of the candidates of its newest
 * announcement. Where it went and how many candidates it named.
 */
export const contactDataSent = z.object({
  propertyId: z.uuid(),
  announcementId: z.uuid(),
  sentTo: z.string(),
  candidates: z.number().int(),
});
export type ContactDataSent = z.infer<typeof contactDataSent>;

/** POST /api/agents/announcement/{id}/mark-paid: unlocked, since when. */
export const markPaidResponse = z.object({ id: z.uuid(), isPaid: z.literal(true), paidAt: z.iso.datetime() });
export type MarkPaidResponse = z.infer<typeof markPaidResponse>;

/** The days an agent may add to an announcement's period at once. */
export const EXTEND_PERIOD_MAX_DAYS = 90;

/**
 * POST /api/agents/announcement/{id}/extend-period: `days` to add (1 to 90); without it, one more period
 * of the announcement's own length (the owner's chosen duration, 30 days by default).
 */
export const extendPeriodRequest = z.object({
  days: z.number().int().min(1).max(EXTEND_PERIOD_MAX_DAYS).optional(),
});
export type ExtendPeriodRequest = z.input<typeof extendPeriodRequest>;

/** The announcement's new end of publication (ISO date-time). */
export const extendPeriodResponse = z.object({ id: z.uuid(), endsAt: z.iso.datetime() });
export type ExtendPeriodResponse = z.infer<typeof extendPeriodResponse>;

/**
 * An instant of a filter: an ISO date-time of a year between 2000 and 2200 (year 0 or 275760 are bad
 * input, never sent to the database).
 */
const auditInstant = z.iso.datetime({ offset: true }).refine(
  (value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 2000 && year <= 2200;
  },
  { message: 'la fecha debe estar entre 2000 y 2200' },
);

/** GET /api/agents/audit: filters (all optional), newest first, paginated. */
export const auditQuery = z
  .object({
    agentId: z.uuid().optional(),
    userId: z.uuid().optional(),
    /** The route pattern, e.g. `/api/agents/user/:id/verify` (exact match). */
    action: z.string().trim().min(1).max(200).optional(),
    /** From this instant (inclusive), ISO date-time. */
    from: auditInstant.optional(),
    /** Up to this instant (exclusive), ISO date-time. */
    to: auditInstant.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: '«desde» debe ser anterior a «hasta»',
    path: ['from'],
  });
export type AuditQuery = z.input<typeof auditQuery>;

/** One audited request: who (the agent, and the user acted as), what (method and route) and the outcome. */
export const auditEntry = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  agentId: z.uuid().nullable(),
  agentName: z.string().nullable(),
  /** The user the agent was acting as (impersonation), or null on the agent's own session. */
  actingAsUserId: z.uuid().nullable(),
  actingAsUserName: z.string().nullable(),
  /** The route pattern, e.g. `/api/agents/user/:id/verify`. */
  action: z.string(),
  method: z.string(),
  /** The path as requested, without the query string. */
  path: z.string(),
  targetUserId: z.uuid().nullable(),
  targetUserName: z.string().nullable(),
  targetAnnouncementId: z.uuid().nullable(),
  targetPropertyId: z.uuid().nullable(),
  status: z.number().int(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditResponse = z.object({
  items: z.array(auditEntry),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditResponse = z.infer<typeof auditResponse>;
