import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A file an e-mail carries, named by reference (issue 28): the row never holds its bytes; the e-mail
 * sender draws it when it sends (an invoice's PDF from its stored row).
 */
export interface OutboxAttachment {
  kind: 'invoice';
  id: string;
}

/**
 * Messages to send (SMS, e-mail, WhatsApp) and their delivery (modules/delivery, decision 017): each row
 * is queued in the transaction of the change it tells of, then a worker claims it (`sending`, with a
 * lease), hands it to the configured provider and records `sent` with the provider's id, or the error
 * and a later attempt, or `failed` after the last one. With the default 'outbox' providers nothing
 * leaves the machine: the row is only marked sent.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['sms', 'email', 'whatsapp'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    /**
     * What may be shown: a message carrying a one-time code keeps it redacted here ('••••••'); the
     * readable text is only in `sealed_body`.
     */
    body: text('body').notNull(),
    /**
     * A message carrying a one-time code: its readable text, AES-256-GCM under a key outside the
     * database (platform/secret-keys.ts), bound to the row's id. Erased (null) by the statement that
     * records it sent or failed; with the 'outbox' provider (nothing sent, the development outbox shows
     * it) kept until `expires_at`, then erased by the 'erase_message_secrets' job.
     */
    sealedBody: text('sealed_body'),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Attempts made (each claim counts one). */
    attempts: integer('attempts').notNull().default(0),
    /** A queued message is not claimed before this time (the back-off after a failed attempt). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: the claim's lease; past it, the worker that claimed it is presumed gone. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The provider that sent it ('outbox', 'smtp', 'twilio', 'whatsapp-cloud') and its message id. */
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    /** The last attempt's error, kept when it finally fails (for the agents). */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Past this time the message is worth nothing (a login code that expired): failed, never sent late. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** E-mail only: the files it carries, by reference (drawn at send time); null for none. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    index('outbox_sealed_idx')
      .on(t.expiresAt)
      .where(sql`${t.sealedBody} is not null`),
  ],
);
