import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SupportAccess } from '@casaoferta/domain/schemas/user-settings';
import type { Db } from '../../db/client';
import { auditLog, sessions, users } from '../../db/schema/index';

const agents = alias(users, 'agents');

/** The times support acted on this account: who, why, when, and how many requests (newest first). */
export async function listSupportAccess(db: Db, userId: string): Promise<SupportAccess[]> {
  const rows = await db
    .select({
      agentName: sql<string>`${agents.name} || ' ' || ${agents.surname}`,
      reason: sessions.reason,
      startedAt: sessions.createdAt,
      endedAt:
        sql<Date>`least(coalesce(${sessions.revokedAt}, ${sessions.expiresAt}), ${sessions.expiresAt})`.mapWith(
          (value: string | Date) => new Date(value),
        ),
      requests: sql<number>`(select count(*)::int from ${auditLog} where ${auditLog.sessionId} = ${sessions.id})`,
    })
    .from(sessions)
    .innerJoin(agents, eq(agents.id, sessions.agentId))
    .where(and(eq(sessions.userId, userId), eq(sessions.kind, 'impersonation')))
    .orderBy(desc(sessions.createdAt))
    .limit(50);
  return rows.map((r) => ({
    agentName: r.agentName,
    reason: r.reason ?? '',
    startedAt: r.startedAt.toISOString(),
    endedAt: r.endedAt.toISOString(),
    requests: r.requests,
  }));
}
