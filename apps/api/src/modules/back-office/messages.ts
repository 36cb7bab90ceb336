import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AgentMessagesPage, agentMessagesQuery } from '@casaoferta/domain/schemas/agent-messages';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/index';

type Query = z.output<typeof agentMessagesQuery>;

/**
 * The outbox as the agents see it: by status (failed by default) and channel, newest first, without
 * the text (a login code must not reach an agent's screen).
 */
export async function listMessages(db: Db, query: Query): Promise<AgentMessagesPage> {
  const filters: SQL[] = [eq(outbox.status, query.status)];
  if (query.channel) filters.push(eq(outbox.channel, query.channel));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: outbox.id,
        channel: outbox.channel,
        recipient: outbox.recipient,
        subject: outbox.subject,
        status: outbox.status,
        attempts: outbox.attempts,
        provider: outbox.provider,
        lastError: outbox.lastError,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
        nextAttemptAt: outbox.nextAttemptAt,
      })
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(outbox).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      nextAttemptAt: row.nextAttemptAt.toISOString(),
    })),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
