import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import {
  agentConversation,
  reportedConversation,
  type AgentConversation,
  type ReportReason,
} from '@casaoferta/domain/schemas/messages';
import type { Db } from '../../db/client';
import { announcements, conversations, messageReports, messages } from '../../db/schema/index';
import { access } from '../../platform/access';
import { requireAgent } from '../../platform/auth';
import { DomainError } from '../../platform/errors';
import { announcementTitle } from '../offers/views';
import { participantsOf } from './conversation';

const tags = ['messages', 'agents'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });

/** The reported conversations waiting for an agent, oldest report first (at most 200). */
async function reportedConversations(db: Db) {
  const rows = await db
    .select({
      offerId: conversations.offerId,
      reportedAt: conversations.reportedAt,
      announcement: announcements,
      reports: sql<number>`(select count(*)::int from message_reports r where r.offer_id = conversations.offer_id and r.reviewed_at is null)`,
    })
    .from(conversations)
    .innerJoin(announcements, eq(announcements.id, conversations.announcementId))
    .where(isNotNull(conversations.reportedAt))
    .orderBy(asc(conversations.reportedAt))
    .limit(200);
  return rows.map((row) => ({
    offerId: row.offerId,
    announcementTitle: announcementTitle(row.announcement),
    reportedAt: (row.reportedAt ?? new Date(0)).toISOString(),
    reports: row.reports,
  }));
}

/**
 * A conversation as an agent reads it to judge a report: every message unmasked (agents see what the
 * paid unlock hides, decision 026; what the reported side wrote is what is judged), full names, who is
 * blocked, and the reports. The last 500 messages.
 */
async function conversationForAgent(db: Db, offerId: string): Promise<AgentConversation> {
  const p = await participantsOf(db, offerId, null);
  if (!p) throw new DomainError('NOT_FOUND');
  const reports = await db
    .select()
    .from(messageReports)
    .where(eq(messageReports.offerId, offerId))
    .orderBy(asc(messageReports.createdAt));
  const reportedIds = new Set(reports.flatMap((r) => (r.messageId === null ? [] : [r.messageId])));
  const rows = (
    await db
      .select()
      .from(messages)
      .where(eq(messages.offerId, offerId))
      .orderBy(desc(messages.id))
      .limit(500)
  ).reverse();
  const [state] = await db
    .select({ reportedAt: conversations.reportedAt })
    .from(conversations)
    .where(eq(conversations.offerId, offerId));
  const role = (userId: string) => (userId === p.ownerId ? ('owner' as const) : ('candidate' as const));
  return {
    offerId,
    announcementId: p.announcementId,
    announcementTitle: p.title,
    owner: { id: p.ownerId, name: `${p.owner.name} ${p.owner.surname}`.trim(), isBlocked: p.owner.isBlocked },
    candidate: {
      id: p.candidateId,
      name: `${p.candidate.name} ${p.candidate.surname}`.trim(),
      isBlocked: p.candidate.isBlocked,
    },
    messages: rows.map((m) => ({
      id: m.id,
      senderId: m.senderId,
      senderRole: role(m.senderId),
      text: m.body,
      createdAt: m.createdAt.toISOString(),
      reported: reportedIds.has(m.id),
    })),
    reports: reports.map((r) => ({
      id: r.id,
      reporterRole: role(r.reporterId),
      reason: r.reasonCode as ReportReason,
      text: r.text,
      messageId: r.messageId,
      createdAt: r.createdAt.toISOString(),
    })),
    reviewed: !state?.reportedAt,
  };
}

/** The agents' side of reported conversations (issue 27 point 1, decision 038). */
export function agentMessageRoutes(db: Db) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/agents/conversations/reported',
      {
        config: { access: access.agent() },
        schema: {
          tags,
          summary: 'Reported conversations waiting for review, oldest report first',
          security,
          response: { 200: envelope(z.array(reportedConversation)) },
        },
      },
      async (request) => {
        requireAgent(request);
        return { data: await reportedConversations(db) };
      },
    );

    app.get(
      '/api/agents/offer/:id/conversation',
      {
        config: { access: access.agent() },
        schema: {
          tags,
          summary: 'Read a conversation and its reports, unmasked (agents judge what was written)',
          description:
            'Blocking the sender is the existing POST /api/agents/users/black-list (supervisors). 404 for ' +
            'an offer that does not exist.',
          security,
          params: idParams,
          response: { 200: envelope(agentConversation) },
        },
      },
      async (request) => {
        requireAgent(request);
        return { data: await conversationForAgent(db, request.params.id) };
      },
    );

    app.put(
      '/api/agents/offer/:id/conversation/reviewed',
      {
        config: { access: access.agent() },
        schema: {
          tags,
          summary: 'Mark a conversation’s reports reviewed (it leaves the list until reported again)',
          security,
          params: idParams,
          response: { 200: envelope(agentConversation) },
        },
      },
      async (request) => {
        const agent = requireAgent(request);
        const offerId = request.params.id;
        await db.transaction(async (tx) => {
          await tx
            .update(messageReports)
            .set({ reviewedAt: sql`now()`, reviewedBy: agent.user.id })
            .where(and(eq(messageReports.offerId, offerId), isNull(messageReports.reviewedAt)));
          await tx.update(conversations).set({ reportedAt: null }).where(eq(conversations.offerId, offerId));
        });
        return { data: await conversationForAgent(db, offerId) };
      },
    );
  };
}
