import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SessionResponse } from '@casaoferta/domain/schemas/auth';
import { normalizePhone } from '@casaoferta/domain/phone';
import type { Db } from '../../db/client';
import { otpCodes, users } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { createSession, rolesJson } from '../../platform/auth';
import { sha256 } from '../../platform/tokens';
import { toCurrentUser } from './current-user';
import { otpRules } from './otp-rules';

export interface AuthenticateInput {
  verificationToken: string;
  name?: string | undefined;
  surname?: string | undefined;
  acceptPrivacyPolicy?: true | undefined;
}

/**
 * Exchanges the proof of phone ownership for a session; registers the phone when it has no account
 * (name, surname and privacy acceptance required, or 422 without using up the proof).
 */
export async function authenticateUser(db: Db, input: AuthenticateInput): Promise<SessionResponse> {
  const verificationHash = sha256(input.verificationToken);
  const liveProof = and(
    eq(otpCodes.verificationHash, verificationHash),
    isNull(otpCodes.verificationUsedAt),
    gt(otpCodes.verifiedAt, new Date(Date.now() - otpRules.verificationTtlSeconds * 1000)),
  );
  const [proof] = await db.select({ phoneNumber: otpCodes.phoneNumber }).from(otpCodes).where(liveProof);
  if (!proof) throw new DomainError('VERIFICATION_INVALID');

  const [existing] = await db.select().from(users).where(eq(users.phoneNumber, proof.phoneNumber));
  const registering = existing === undefined;
  if (registering && (!input.name || !input.surname || input.acceptPrivacyPolicy !== true)) {
    throw new DomainError(
      'REGISTRATION_REQUIRED',
      !input.name ? 'name' : !input.surname ? 'surname' : 'acceptPrivacyPolicy',
    );
  }
  if (existing?.isBlocked) throw new DomainError('USER_BLOCKED');

  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(otpCodes)
      .set({ verificationUsedAt: sql`now()` })
      .where(liveProof)
      .returning({
        id: otpCodes.id,
      });
    if (!used) throw new DomainError('VERIFICATION_INVALID');
    const userId = existing?.id ?? (await register(tx, proof.phoneNumber, input));
    const session = await createSession(tx, { userId, kind: 'user' });
    const [row] = await tx.select({ user: users, roles: rolesJson }).from(users).where(eq(users.id, userId));
    if (!row) throw new Error('authenticateUser: user vanished');
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      user: toCurrentUser(row.user, row.roles),
    };
  });
}

async function register(db: Db, phoneNumber: string, input: AuthenticateInput): Promise<string> {
  const [created] = await db
    .insert(users)
    .values({
      phoneNumber,
      countryCode: normalizePhone(phoneNumber)?.countryCode ?? null,
      name: input.name ?? '',
      surname: input.surname ?? '',
      privacyAcceptedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!created) throw new Error('register: no row returned');
  return created.id;
}
