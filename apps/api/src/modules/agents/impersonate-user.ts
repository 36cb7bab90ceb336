import { eq } from 'drizzle-orm';
import type { ImpersonatedUser } from '@casaoferta/domain/schemas/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { createSession, rolesJson, type AuthContext } from '../../platform/auth';
import { DomainError } from '../../platform/errors';

/** SPEC 4.7: a short-lived token acting as the user; its session records the agent and the reason. */
export async function impersonateUser(
  db: Db,
  agent: AuthContext,
  input: { userId: string; reason: string },
): Promise<{ token: string; expiresAt: string; user: ImpersonatedUser }> {
  const [row] = await db
    .select({ user: users, roles: rolesJson })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!row) throw new DomainError('NOT_FOUND');
  if (row.roles.length > 0) throw new DomainError('CANNOT_IMPERSONATE_AGENT');
  const session = await createSession(db, {
    userId: row.user.id,
    kind: 'impersonation',
    agentId: agent.user.id,
    reason: input.reason,
  });
  const { user } = row;
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    user: {
      id: user.id,
      name: user.name,
      surname: user.surname,
      countryCode: user.countryCode,
      phoneNumber: user.phoneNumber,
      isBlocked: user.isBlocked,
      isVerified: user.isVerified,
    },
  };
}
