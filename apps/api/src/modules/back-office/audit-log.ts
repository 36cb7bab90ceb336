import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuditResponse, auditQuery } from '@casaoferta/domain/schemas/agent-tools';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { agentAuditLog, users } from '../../db/schema/index';

type Query = z.output<typeof auditQuery>;

const agent = alias(users, 'agent');
const actingAs = alias(users, 'acting_as');
const target = alias(users, 'target');

const fullName = (u: { id: AnyPgColumn; name: AnyPgColumn; surname: AnyPgColumn }) =>
  sql<string | null>`case when ${u.id} is null then null else ${u.name} || ' ' || ${u.surname} end`;

/**
 * GET /api/agents/audit: the audit log, newest first, filtered by agent, by user (acted as or named by
 * the request), by action (the route pattern) and by time; with the agent's and the users' names.
 * Read only: nothing in the product updates or deletes these rows (and the database refuses to).
 */
export async function listAuditLog(db: Db, query: Query): Promise<AuditResponse> {
  const filters: SQL[] = [];
  if (query.agentId) filters.push(eq(agentAuditLog.agentId, query.agentId));
  if (query.userId) {
    const either = or(
      eq(agentAuditLog.actingAsUserId, query.userId),
      eq(agentAuditLog.targetUserId, query.userId),
    );
    if (either) filters.push(either);
  }
  if (query.action) filters.push(eq(agentAuditLog.action, query.action));
  if (query.from) filters.push(gte(agentAuditLog.at, new Date(query.from)));
  if (query.to) filters.push(lt(agentAuditLog.at, new Date(query.to)));
  const where = filters.length > 0 ? and(...filters) : undefined;

  const [rows, totals] = await Promise.all([
    db
      .select({
        log: agentAuditLog,
        agentName: fullName(agent),
        actingAsUserName: fullName(actingAs),
        targetUserName: fullName(target),
      })
      .from(agentAuditLog)
      .leftJoin(agent, eq(agent.id, agentAuditLog.agentId))
      .leftJoin(actingAs, eq(actingAs.id, agentAuditLog.actingAsUserId))
      .leftJoin(target, eq(target.id, agentAuditLog.targetUserId))
      .where(where)
      .orderBy(desc(agentAuditLog.at), desc(agentAuditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(agentAuditLog).where(where),
  ]);
  return {
    items: rows.map(({ log, agentName, actingAsUserName, targetUserName }) => ({
      id: log.id,
      at: log.at.toISOString(),
      agentId: log.agentId,
      agentName,
      actingAsUserId: log.actingAsUserId,
      actingAsUserName,
      action: log.action,
      method: log.method,
      path: log.path,
      targetUserId: log.targetUserId,
      targetUserName,
      targetAnnouncementId: log.targetAnnouncementId,
      targetPropertyId: log.targetPropertyId,
      status: log.status,
      ip: log.ip,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: totals[0]?.total ?? 0,
  };
}
