import { and, eq, notExists, sql } from 'drizzle-orm';
import type { AgentUserState, VerifiedState } from '@casaoferta/domain/schemas/agent-tools';
import type { Db } from '../../db/client';
import { userRoles, users } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';

/** Whether the `users` row in the query has a role (is an agent). */
const hasRole = sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id})`;

/**
 * The error of a user tool whose guarded update found no row: 404 for an unknown user, 403 for an agent
 * (agents are managed elsewhere, as with blocking).
 */
async function refusal(db: Db, userId: string): Promise<DomainError> {
  const [row] = await db.select({ isAgent: hasRole }).from(users).where(eq(users.id, userId));
  return new DomainError(row ? 'FORBIDDEN' : 'NOT_FOUND');
}

/**
 * POST /api/agents/user/{id}/verify and /unverify (SPEC 6): sets the user's verified badge. Idempotent;
 * one guarded update that skips agents, so the rule holds for the row it writes.
 */
export async function setUserVerified(db: Db, userId: string, isVerified: boolean): Promise<VerifiedState> {
  const [row] = await db
    .update(users)
    .set({ isVerified })
    .where(
      and(
        eq(users.id, userId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(userRoles)
            .where(eq(userRoles.userId, users.id)),
        ),
      ),
    )
    .returning({ id: users.id, isVerified: users.isVerified });
  if (!row) throw await refusal(db, userId);
  return row;
}

/** GET /api/agents/users/{id}: what the agent Options sheet needs to enable its actions on a user. */
export async function agentUserState(db: Db, userId: string): Promise<AgentUserState> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      phoneNumber: users.phoneNumber,
      isVerified: users.isVerified,
      isBlocked: users.isBlocked,
      isAgent: hasRole,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}
