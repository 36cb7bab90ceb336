import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import { rolesJson } from '../../platform/auth';
import { DomainError } from '../../platform/errors';

async function findBlockable(db: Db, userId: string) {
  const [row] = await db.select({ user: users, roles: rolesJson }).from(users).where(eq(users.id, userId));
  if (!row) throw new DomainError('NOT_FOUND');
  if (row.roles.length > 0) throw new DomainError('FORBIDDEN'); // agents are managed elsewhere
  return row.user;
}

/**
 * SPEC 4.6, session side: a blocked user's sessions (and any impersonation of them) end at once and new
 * logins are refused. Ending their announcements and offers comes with the back-office issue.
 */
export async function blockUser(db: Db, userId: string): Promise<{ isBlocked: true }> {
  await findBlockable(db, userId);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ isBlocked: true }).where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: 'blocked' })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  });
  return { isBlocked: true };
}

/** Readmission: the user can log in again (their ended offers and announcements stay ended). */
export async function readmitUser(db: Db, userId: string): Promise<{ isBlocked: false }> {
  await findBlockable(db, userId);
  await db.update(users).set({ isBlocked: false }).where(eq(users.id, userId));
  return { isBlocked: false };
}
