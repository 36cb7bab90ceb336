import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox, type OutboxAttachment } from '../db/schema/index';
import { openText, sealText, type SecretKeys } from './secret-keys';
import { currentRequestId } from './request-context';

export type Channel = 'sms' | 'email' | 'whatsapp';

export interface OutgoingMessage {
  channel: Channel;
  recipient: string;
  subject?: string;
  body: string;
  /** Not sent after this time (a login code's expiry): the delivery fails it instead. */
  expiresAt?: Date;
  /** E-mail only: files named by reference, drawn by the sender when it sends (never stored here). */
  attachments?: OutboxAttachment[];
}

export type { OutboxAttachment };

/** An attachment drawn at send time. */
export interface ResolvedAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/**
 * Draws a message's attachment when the e-mail is sent: null when what it names is gone (the message
 * then fails, permanently); a throw is a temporary fault (tried again). The app wires one into the
 * delivery worker (app.ts), so the delivery module knows no other module's internals.
 */
export type AttachmentResolver = (attachment: OutboxAttachment) => Promise<ResolvedAttachment | null>;

/** A message carrying a one-time code: `body` says it in clear, `secret` is the code. */
export interface SecretMessage extends OutgoingMessage {
  secret: string;
}

/** What a one-time code is replaced with in the stored (and shown) copy of its message. */
export const REDACTED = '••••••';

/** The bound context of a message's sealed text: it opens in its own row only. */
const sealContext = (id: string) => `outbox:${id}`;

/** The transaction-local setting the outbox's job trigger copies into the job's payload (queue.ts). */
export const REQUEST_ID_SETTING = 'casaoferta.request_id';

/** Request ids of messages this process queued, until it delivers them (bounded; see carryRequestId). */
const queuedBy = new Map<string, string>();
const QUEUED_BY_MAX = 10_000;

/**
 * The request id a message was queued under (decision 034), for the delivery's log line. On PostgreSQL
 * the job's payload carries it (any process may deliver); a process also remembers the ids of the
 * messages it queued, which is all there is on the embedded PGlite (one process queues and delivers).
 * `done` (the message was sent or failed) forgets it.
 */
export function requestIdOfMessage(messageId: string, done: boolean): string | null {
  const requestId = queuedBy.get(messageId) ?? null;
  if (done) queuedBy.delete(messageId);
  return requestId;
}

/**
 * Carries the current request's id into the job of the message about to be queued: a transaction-local
 * setting the outbox trigger reads into the job's payload (the caller's transaction, as every caller
 * queues inside one), and this process's memory.
 */
async function carryRequestId(db: Db, messageId: string): Promise<void> {
  const requestId = currentRequestId();
  if (requestId === null) return;
  if (queuedBy.size >= QUEUED_BY_MAX) {
    const oldest = queuedBy.keys().next();
    if (!oldest.done) queuedBy.delete(oldest.value);
  }
  queuedBy.set(messageId, requestId);
  await db.execute(sql`select set_config(${REQUEST_ID_SETTING}, ${requestId}, true)`);
}

/**
 * Queues a message, in the caller's transaction: the delivery worker (modules/delivery, decision 017)
 * sends it through the configured provider, with retries. With the default 'outbox' providers nothing
 * leaves the machine: the message is only stored (readable at GET /api/dev/outbox on a local start).
 * A message carrying a one-time code goes through `enqueueSecretMessage`.
 */
export async function enqueueMessage(db: Db, message: OutgoingMessage): Promise<void> {
  const id = randomUUID();
  await carryRequestId(db, id);
  await db.insert(outbox).values({
    id,
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? null,
    body: message.body,
    expiresAt: message.expiresAt ?? null,
    attachments: message.attachments?.length ? message.attachments : null,
  });
}

/**
 * Queues a message carrying a one-time code (issue 22): the stored body has the code redacted, and the
 * readable text is kept apart, encrypted under a key outside the database (`sealed_body`), only until
 * the delivery records the message sent or failed (the 'outbox' provider, which sends nothing, keeps it
 * until the message's expiry, for the development outbox).
 */
export async function enqueueSecretMessage(db: Db, keys: SecretKeys, message: SecretMessage): Promise<void> {
  if (message.secret.length < 4)
    throw new Error('enqueueSecretMessage: a one-time code has 4 characters or more');
  if (message.subject?.includes(message.secret))
    throw new Error('enqueueSecretMessage: the code goes in the body');
  const id = randomUUID();
  await carryRequestId(db, id);
  await db.insert(outbox).values({
    id,
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? null,
    body: message.body.split(message.secret).join(REDACTED),
    sealedBody: sealText(keys.messages, message.body, sealContext(id)),
    expiresAt: message.expiresAt ?? null,
  });
}

/**
 * The readable text of a stored message: its sealed text while the row holds it (a one-time code not
 * yet delivered, or kept for the development outbox), else its body (redacted where it carried a code).
 * Null when the sealed text does not open with `keys` (another key): it must not be sent redacted.
 */
export function readableBody(
  keys: SecretKeys,
  message: { id: string; body: string; sealedBody: string | null },
): string | null {
  return message.sealedBody === null
    ? message.body
    : openText(keys.messages, message.sealedBody, sealContext(message.id));
}

/**
 * The newest messages, readable (the development outbox): a one-time code still held sealed is shown
 * in clear; once erased, redacted.
 */
export async function latestMessages(db: Db, keys: SecretKeys, limit = 50) {
  const rows = await db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
  return rows.map(({ sealedBody, ...row }) => ({
    ...row,
    body: readableBody(keys, { id: row.id, body: row.body, sealedBody }) ?? row.body,
  }));
}

/** Development aid only: the OTP in the server log, so a person can log in on a fresh machine. */
export function logDevMessage(log: FastifyBaseLogger, message: OutgoingMessage): void {
  log.info(
    { channel: message.channel, to: message.recipient, body: message.body },
    'dev outbox: message stored',
  );
}
