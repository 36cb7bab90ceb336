import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { SessionResponse } from '@casaoferta/domain/schemas/auth';
import type { Db } from '../../db/client';
import { agentLoginAttempts, users } from '../../db/schema/index';
import { createSession, rolesJson } from '../../platform/auth';
import { DomainError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { toCurrentUser } from '../authentication/current-user';
import { isDemoAgentEmail } from '../../db/seed/demo-accounts';

/** Agent logins per client address in 15 minutes (the route's rate limit). */
export const AGENT_LOGINS_PER_IP = 10;

/**
 * Per e-mail address, whoever asks from wherever: five attempts, then the address is locked for a
 * period that doubles with each lock (5 minutes, 10, 20... up to a day). A right password clears it;
 * a day without attempts forgets it.
 */
export const agentLockout = {
  attempts: 5,
  firstLockSeconds: 5 * 60,
  maxLockSeconds: 24 * 3600,
  forgetAfterSeconds: 24 * 3600,
} as const;

/** The address is locked: 429 with the seconds until it opens (Retry-After). */
export class AgentLoginLocked extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED');
  }
}

// Verified against when the e-mail is unknown, so both cases cost one scrypt (no timing oracle).
const dummyHash = hashPassword('casaoferta-timing-equaliser');

/**
 * Agent login by e-mail and password. Only users carrying roles are agents. Known and unknown addresses
 * are counted and locked alike, so the answers tell nothing about which exist. `local`: the request came
 * to a local start (development tools on) through no proxy, the only place the demo agent logs in.
 */
export async function authenticateAgent(
  db: Db,
  input: { email: string; password: string },
  options: { local: boolean },
): Promise<SessionResponse> {
  const email = input.email.toLowerCase();
  const lockedFor = await takeAttempt(db, email);
  if (lockedFor !== null) throw new AgentLoginLocked(lockedFor);
  const [row] = await db
    .select({ user: users, roles: rolesJson })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  const valid = await verifyPassword(input.password, row?.user.passwordHash ?? (await dummyHash));
  // The demo agent exists for the person at this machine's console: from a network, or through a proxy
  // in front of a local start, it is as unknown as any wrong address (decision 027).
  const reachable = options.local || !isDemoAgentEmail(email);
  if (!row || !valid || !reachable || row.roles.length === 0) throw new DomainError('INVALID_CREDENTIALS');
  await db.delete(agentLoginAttempts).where(eq(agentLoginAttempts.email, email));
  if (row.user.isBlocked) throw new DomainError('USER_BLOCKED');
  const session = await createSession(db, { userId: row.user.id, kind: 'agent' });
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    user: toCurrentUser(row.user, row.roles),
  };
}

/**
 * Takes one attempt for `email` before its password is checked, under the row's lock, so parallel
 * guesses are counted one by one: answers null when the attempt may go on, or the seconds the address
 * stays locked. The attempt that reaches the limit still runs, and locks the address for the next ones.
 */
async function takeAttempt(db: Db, email: string): Promise<number | null> {
  const t = agentLoginAttempts;
  // Addresses nobody tried for `forgetAfterSeconds`, and not locked, are forgotten (unknown ones
  // included): such a row would start again from nothing anyway.
  await db
    .delete(t)
    .where(
      and(
        lt(t.lastAttemptAt, sql`now() - make_interval(secs => ${agentLockout.forgetAfterSeconds})`),
        or(isNull(t.lockedUntil), lt(t.lockedUntil, sql`now()`)),
      ),
    );
  return db.transaction(async (tx) => {
    await tx.insert(t).values({ email }).onConflictDoNothing();
    const [row] = await tx
      .select({
        failures: t.failures,
        lockouts: t.lockouts,
        lockedFor: sql<number | null>`ceil(extract(epoch from ${t.lockedUntil} - now()))::int`,
        stale: sql<boolean>`${t.lastAttemptAt} < now() - make_interval(secs => ${agentLockout.forgetAfterSeconds})`,
      })
      .from(t)
      .where(eq(t.email, email))
      .for('update');
    if (!row) throw new Error('takeAttempt: no row');
    if (row.lockedFor !== null && row.lockedFor > 0) return row.lockedFor;
    // After a lock ran out, a new streak starts; after a quiet day, the locks are forgotten too.
    const failures = (row.stale || row.lockedFor !== null ? 0 : row.failures) + 1;
    let lockouts = row.stale ? 0 : row.lockouts;
    let lockSeconds: number | null = null;
    if (failures >= agentLockout.attempts) {
      lockouts += 1;
      lockSeconds = Math.min(
        agentLockout.firstLockSeconds * 2 ** (lockouts - 1),
        agentLockout.maxLockSeconds,
      );
    }
    await tx
      .update(t)
      .set({
        failures,
        lockouts,
        lockedUntil: lockSeconds === null ? null : sql`now() + make_interval(secs => ${lockSeconds})`,
        lastAttemptAt: sql`now()`,
      })
      .where(eq(t.email, email));
    return null;
  });
}
