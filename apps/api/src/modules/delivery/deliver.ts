import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox, users } from '../../db/schema/index';
import { readableBody, type Channel, type OutboxAttachment } from '../../platform/outbox';
import type { SecretKeys } from '../../platform/secret-keys';
import { DeliveryError, type Provider, type Providers } from './providers';
import { deliveryRecorded } from './recorded';
import { isDatabaseDown } from '../../platform/errors';

/** A message claimed by one worker: `attempt` is its fencing token (the claim's attempt number). */
export interface ClaimedMessage {
  id: string;
  channel: Channel;
  recipient: string;
  subject: string | null;
  /** As stored: a one-time code redacted; the readable text is `sealedBody`'s. */
  body: string;
  /** A message carrying a one-time code: its readable text, sealed (platform/outbox.ts). */
  sealedBody: string | null;
  attempt: number;
  /** For an e-mail to a person's confirmed address: the token of its unsubscribe link. */
  unsubscribeToken: string | null;
  /** Past this time it is failed, not sent (a login code that expired while it waited). */
  expiresAt: Date | null;
  /** E-mail: its attachments by reference (null for none). */
  attachments: OutboxAttachment[] | null;
}

/** The error of a message that waited past its expiry. */
export const EXPIRED = 'caducado antes de poder enviarse';

/** The error of a message whose sealed text does not open with this process's key. */
export const UNREADABLE = 'no se puede descifrar con la clave de este servidor (DOCUMENTS_KEY)';

export interface DeliveryPolicy {
  maxAttempts: number;
  /** How long a claim holds before another worker may take the message again (a crashed worker). */
  leaseMs: number;
  /** The wait before attempt `n + 1` after attempt `n` failed. */
  backoffMs(attempt: number): number;
}

/** 15 s, 1 min, 4 min, 16 min, then hourly: a provider's outage of an hour is waited out. */
export const defaultBackoffMs = (attempt: number): number =>
  Math.min(3_600_000, 15_000 * 4 ** Math.max(0, attempt - 1));

export const defaultPolicy = (maxAttempts: number, leaseMs = 5 * 60_000): DeliveryPolicy => ({
  maxAttempts,
  leaseMs,
  backoffMs: defaultBackoffMs,
});

const claimedColumns = {
  id: outbox.id,
  channel: outbox.channel,
  recipient: outbox.recipient,
  subject: outbox.subject,
  body: outbox.body,
  sealedBody: outbox.sealedBody,
  attempt: outbox.attempts,
  expiresAt: outbox.expiresAt,
  attachments: outbox.attachments,
  unsubscribeToken: sql<string | null>`(select ${users.unsubscribeToken} from ${users}
    where ${outbox.channel} = 'email' and ${users.email} = ${outbox.recipient})`,
};

/** Claimable: queued and due, or `sending` with its lease run out (its worker stopped mid-send). */
const claimable = (now = sql`now()`) =>
  or(
    and(eq(outbox.status, 'queued'), lte(outbox.nextAttemptAt, now)),
    and(eq(outbox.status, 'sending'), lt(outbox.claimedUntil, now)),
  );

const claimSet = (leaseMs: number) => ({
  status: 'sending' as const,
  attempts: sql`${outbox.attempts} + 1`,
  claimedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
});

/**
 * Claims up to `limit` due messages, oldest first, in one statement: the rows are locked with SKIP
 * LOCKED, so workers running it at the same time on PostgreSQL each get different rows, and the guard
 * in the WHERE makes a row claimed once.
 */
export async function claimDue(db: Db, limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(claimable())
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set(claimSet(leaseMs))
    .where(and(inArray(outbox.id, due), claimable()))
    .returning(claimedColumns);
}

/** Claims one message by id (a queue job names it), or null when it is not claimable any more. */
export async function claimOne(db: Db, id: string, leaseMs: number): Promise<ClaimedMessage | null> {
  const [row] = await db
    .update(outbox)
    .set(claimSet(leaseMs))
    .where(
      and(
        eq(outbox.id, id),
        or(
          eq(outbox.status, 'queued'),
          and(eq(outbox.status, 'sending'), lt(outbox.claimedUntil, sql`now()`)),
        ),
      ),
    )
    .returning(claimedColumns);
  return row ?? null;
}

/** The claim, still held by this attempt: a result is recorded only by the worker that claimed it. */
const heldBy = (message: ClaimedMessage) =>
  and(eq(outbox.id, message.id), eq(outbox.status, 'sending'), eq(outbox.attempts, message.attempt));

export type Outcome =
  | { status: 'sent'; provider: string; providerMessageId: string | null }
  | { status: 'queued'; provider: string; error: string; retryAt: Date }
  | { status: 'failed'; provider: string; error: string };

/** Errors kept for the agents are short and single-line. */
const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 500);

/** One attempt at a claimed message: its outcome, never thrown. An expired message is failed unsent. */
async function attempt(
  provider: Provider,
  policy: DeliveryPolicy,
  keys: SecretKeys,
  message: ClaimedMessage,
): Promise<Outcome> {
  if (message.expiresAt !== null && message.expiresAt.getTime() <= Date.now()) {
    return { status: 'failed', provider: provider.name, error: EXPIRED };
  }
  // The code goes out in clear to the provider only; never sent redacted.
  const body = readableBody(keys, message);
  if (body === null) return { status: 'failed', provider: provider.name, error: UNREADABLE };
  try {
    const { providerMessageId } = await provider.send({
      id: message.id,
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject,
      body,
      unsubscribeToken: message.unsubscribeToken,
      attachments: message.attachments,
    });
    return { status: 'sent', provider: provider.name, providerMessageId };
  } catch (error) {
    const retryable = !(error instanceof DeliveryError) || error.retryable;
    return retryable && message.attempt < policy.maxAttempts
      ? {
          status: 'queued',
          provider: provider.name,
          error: errorText(error),
          retryAt: new Date(Date.now() + policy.backoffMs(message.attempt)),
        }
      : { status: 'failed', provider: provider.name, error: errorText(error) };
  }
}

export interface RecordOptions {
  /**
   * Ends the retries of a result that could not be recorded (the process is stopping): the claim is then
   * left to run out, and the sweep hands the message to another attempt.
   */
  signal?: AbortSignal;
  /** Told once per failed try to record (a database outage), for the loop's log. */
  onRecordFailed?(error: unknown): void;
}

/** Waits between tries to record a result while the database is down: 250 ms doubling up to 5 s. */
const recordRetryMs = (attempt: number) => Math.min(5_000, 250 * 2 ** Math.min(attempt, 5));

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * Hands a claimed message to its channel's provider and records the outcome under the claim: `sent`
 * with the provider's id; after a temporary failure `queued` again with the back-off, until the last
 * attempt, then `failed`; after a permanent one (an invalid address) `failed` at once. Returns what was
 * recorded, or null when the claim was lost meanwhile (nothing recorded). A message past its expiry
 * (a login code) is failed without being sent. A one-time code's sealed text is opened with `keys` for
 * the provider, and erased by the statement that records the message sent or failed (issue 22); the
 * local 'outbox' provider keeps it until the message's expiry, for the development outbox.
 *
 * The provider is called once per claim (the claim is the attempt's record: `attempts` + 1), never again
 * under it. When the result cannot be recorded because the database went away, it is kept here and
 * recorded when the database is back (issue 25, decision 030), so an outage does not send a message
 * twice; only `options.signal` (the process stopping) gives up, leaving the claim to the sweep.
 */
export async function deliverClaimed(
  db: Db,
  providers: Providers,
  policy: DeliveryPolicy,
  keys: SecretKeys,
  message: ClaimedMessage,
  options: RecordOptions = {},
): Promise<Outcome | null> {
  const provider = providers[message.channel];
  const outcome = await attempt(provider, policy, keys, message);
  const sealedAfterSending = provider.local
    ? sql`case when ${outbox.expiresAt} > now() then ${outbox.sealedBody} end`
    : null;
  const record = () =>
    db
      .update(outbox)
      .set(
        outcome.status === 'sent'
          ? {
              status: 'sent',
              provider: outcome.provider,
              providerMessageId: outcome.providerMessageId,
              sentAt: sql`now()`,
              claimedUntil: null,
              lastError: null,
              sealedBody: sealedAfterSending,
            }
          : outcome.status === 'queued'
            ? {
                status: 'queued',
                provider: outcome.provider,
                lastError: outcome.error,
                nextAttemptAt: outcome.retryAt,
                claimedUntil: null,
              }
            : {
                status: 'failed',
                provider: outcome.provider,
                lastError: outcome.error,
                claimedUntil: null,
                sealedBody: null,
              },
      )
      .where(heldBy(message))
      .returning({ id: outbox.id });
  for (let tries = 0; ; tries += 1) {
    try {
      const recorded = await record();
      if (recorded.length > 0) deliveryRecorded(message, outcome);
      return recorded.length > 0 ? outcome : null;
    } catch (error) {
      if (!isDatabaseDown(error) || options.signal?.aborted) throw error;
      options.onRecordFailed?.(error);
      await pause(recordRetryMs(tries), options.signal);
      if (options.signal?.aborted) throw error;
    }
  }
}

/**
 * The 'erase_message_secrets' job: the sealed one-time codes the local 'outbox' provider kept for the
 * development outbox, erased once their message expired (or has no expiry). Messages still to send keep
 * theirs: their delivery erases it.
 */
export async function eraseExpiredSecrets(db: Db): Promise<number> {
  const erased = await db
    .update(outbox)
    .set({ sealedBody: null })
    .where(
      and(
        isNotNull(outbox.sealedBody),
        inArray(outbox.status, ['sent', 'failed']),
        or(isNull(outbox.expiresAt), lte(outbox.expiresAt, sql`now()`)),
      ),
    )
    .returning({ id: outbox.id });
  return erased.length;
}
