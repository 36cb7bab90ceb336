import type { FastifyBaseLogger } from 'fastify';
import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/index';

export type Channel = 'sms' | 'email' | 'whatsapp';

export interface OutgoingMessage {
  channel: Channel;
  recipient: string;
  subject?: string;
  body: string;
  /** Not sent after this time (a login code's expiry): the delivery fails it instead. */
  expiresAt?: Date;
}

/**
 * Queues a message, in the caller's transaction: the delivery worker (modules/delivery, decision 017)
 * sends it through the configured provider, with retries. With the default 'outbox' providers nothing
 * leaves the machine: the message is only stored (readable at GET /api/dev/outbox on a local start).
 */
export async function enqueueMessage(db: Db, message: OutgoingMessage): Promise<void> {
  await db.insert(outbox).values({
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? null,
    body: message.body,
    expiresAt: message.expiresAt ?? null,
  });
}

export async function latestMessages(db: Db, limit = 50) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}

/** Development aid only: the OTP in the server log, so a person can log in on a fresh machine. */
export function logDevMessage(log: FastifyBaseLogger, message: OutgoingMessage): void {
  log.info(
    { channel: message.channel, to: message.recipient, body: message.body },
    'dev outbox: message stored',
  );
}
