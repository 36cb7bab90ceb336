import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { otpCodes } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { enqueueSecretMessage, logDevMessage } from '../../platform/outbox';
import type { SecretKeys } from '../../platform/secret-keys';
import { otpMessage, otpRules } from './otp-rules';
import { hashCode } from './otp-hash';

export class OtpSendLimitError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('OTP_TOO_MANY_SENDS');
  }
}

/**
 * Sends a new one-time code to a (normalised) phone. It never looks the phone up: the answer and the
 * work are the same for numbers with and without an account. The newest code voids the older ones.
 */
export async function sendOtp(
  db: Db,
  input: {
    phoneNumber: string;
    ip: string;
    devLog: FastifyBaseLogger | null;
    /** The SMS's text, `{code}` standing for the code (SMS_LOGIN_TEXT). */
    text?: string;
    /** The code is stored hashed under `keys.codes`, and its SMS sealed under `keys.messages`. */
    keys: SecretKeys;
  },
): Promise<{ expiresInSeconds: number }> {
  await db.transaction(async (tx) => {
    // Serialise sends per phone so the limits hold under concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${input.phoneNumber}))`);
    const recent = await tx
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.phoneNumber, input.phoneNumber),
          gt(otpCodes.createdAt, sql`now() - interval '1 day'`),
        ),
      )
      .orderBy(asc(otpCodes.createdAt));
    const windowStart = Date.now() - 15 * 60_000;
    const inWindow = recent.filter((r) => r.createdAt.getTime() > windowStart);
    if (inWindow.length >= otpRules.sendsPer15Minutes) {
      throw new OtpSendLimitError(secondsUntil(inWindow[0]?.createdAt, 15 * 60));
    }
    if (recent.length >= otpRules.sendsPerDay) {
      throw new OtpSendLimitError(secondsUntil(recent[0]?.createdAt, 24 * 3600));
    }
    await tx
      .update(otpCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(otpCodes.phoneNumber, input.phoneNumber), isNull(otpCodes.consumedAt)));
    const code = String(randomInt(0, 10 ** otpRules.digits)).padStart(otpRules.digits, '0');
    const id = randomUUID();
    const expiresAt = new Date(Date.now() + otpRules.ttlSeconds * 1000);
    await tx.insert(otpCodes).values({
      id,
      phoneNumber: input.phoneNumber,
      codeHash: hashCode(input.keys, id, code),
      ip: input.ip,
      expiresAt,
    });
    const message = {
      channel: 'sms' as const,
      recipient: input.phoneNumber,
      body: otpMessage(code, input.text),
      secret: code,
      // A code that arrives after it expired only confuses: the delivery fails it instead of sending it.
      expiresAt,
    };
    await enqueueSecretMessage(tx, input.keys, message);
    if (input.devLog) logDevMessage(input.devLog, message);
  });
  return { expiresInSeconds: otpRules.ttlSeconds };
}

const secondsUntil = (since: Date | undefined, windowSeconds: number): number =>
  since
    ? Math.max(1, Math.ceil((since.getTime() + windowSeconds * 1000 - Date.now()) / 1000))
    : windowSeconds;
