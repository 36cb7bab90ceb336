import { eq } from 'drizzle-orm';
import type { ImpersonatedUser } from '@casaoferta/domain/schemas/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { createSession, rolesJson, type AuthContext } from '../../platform/auth';
import { DomainError } from '../../platform/errors';

/**
 * SPEC 4.7: a short-lived token acting as the user; its session records the agent and the reason.
 * Never for an agent (403) or a blocked user (409).
 */
export async function impersonateUser(
  db: Db,
  agent: AuthContext,
  input: { userId: string; reason: string },
): Promise<{ token: string; expiresAt: string; user: ImpersonatedUser }> {
  // Under the user's row lock (as blocks take it), so a block cannot slip between the check and the
  // new session: an impersonation made just before a block is revoked by it.
  const { row, session } = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ user: users, roles: rolesJson })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('no key update');
    if (!found) throw new DomainError('NOT_FOUND');
    if (found.roles.length > 0) throw new DomainError('CANNOT_IMPERSONATE_AGENT');
    if (found.user.isBlocked) throw new DomainError('CANNOT_IMPERSONATE_BLOCKED');
    const created = await createSession(tx, {
      userId: found.user.id,
      kind: 'impersonation',
      agentId: agent.user.id,
      reason: input.reason,
    });
    return { row: found, session: created };
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
