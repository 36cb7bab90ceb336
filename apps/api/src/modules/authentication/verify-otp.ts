import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { otpCodes, users } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import type { SecretKeys } from '../../platform/secret-keys';
import { newToken, sha256 } from '../../platform/tokens';
import { codeMatches } from './otp-hash';
import { otpRules } from './otp-rules';

/**
 * Checks a code against the newest live code of the phone. Each guess first takes one attempt with an
 * atomic `attempts = attempts + 1 where attempts < 5`, so at most five guesses are ever evaluated per
 * code, even under concurrent requests; the fifth wrong one voids it.
 */
export async function verifyOtp(
  db: Db,
  input: { phoneNumber: string; code: string; keys: SecretKeys },
): Promise<{ verificationToken: string; registered: boolean }> {
  const [live] = await db
    .select({ id: otpCodes.id, codeHash: otpCodes.codeHash, attempts: otpCodes.attempts })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.phoneNumber, input.phoneNumber),
        isNull(otpCodes.consumedAt),
        gt(otpCodes.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!live) throw new DomainError('OTP_EXPIRED', 'code');

  const [attempt] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(eq(otpCodes.id, live.id), isNull(otpCodes.consumedAt), lt(otpCodes.attempts, otpRules.maxAttempts)),
    )
    .returning({ attempts: otpCodes.attempts });
  if (!attempt) throw new DomainError('OTP_TOO_MANY_ATTEMPTS', 'code');

  if (!codeMatches(input.keys, live.id, input.code, live.codeHash)) {
    if (attempt.attempts >= otpRules.maxAttempts) {
      await db
        .update(otpCodes)
        .set({ consumedAt: sql`now()` })
        .where(eq(otpCodes.id, live.id));
      throw new DomainError('OTP_TOO_MANY_ATTEMPTS', 'code');
    }
    throw new DomainError('OTP_INVALID', 'code');
  }

  const verificationToken = newToken();
  const [consumed] = await db
    .update(otpCodes)
    .set({ consumedAt: sql`now()`, verifiedAt: sql`now()`, verificationHash: sha256(verificationToken) })
    .where(and(eq(otpCodes.id, live.id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  if (!consumed) throw new DomainError('OTP_EXPIRED', 'code'); // a concurrent request used it first

  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phoneNumber, input.phoneNumber));
  return { verificationToken, registered: user !== undefined };
}
