import { eq, sql } from 'drizzle-orm';
import type { SessionResponse } from '@casaoferta/domain/schemas/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { createSession, rolesJson } from '../../platform/auth';
import { DomainError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { toCurrentUser } from '../authentication/current-user';

// Verified against when the e-mail is unknown, so both cases cost one scrypt (no timing oracle).
const dummyHash = hashPassword('casaoferta-timing-equaliser');

/** Agent login by e-mail and password. Only users carrying roles are agents. */
export async function authenticateAgent(
  db: Db,
  input: { email: string; password: string },
): Promise<SessionResponse> {
  const [row] = await db
    .select({ user: users, roles: rolesJson })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()));
  const valid = await verifyPassword(input.password, row?.user.passwordHash ?? (await dummyHash));
  if (!row || !valid || row.roles.length === 0) throw new DomainError('INVALID_CREDENTIALS');
  if (row.user.isBlocked) throw new DomainError('USER_BLOCKED');
  const session = await createSession(db, { userId: row.user.id, kind: 'agent' });
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    user: toCurrentUser(row.user, row.roles),
  };
}
