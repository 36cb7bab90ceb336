import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import { sha256 } from '../../platform/tokens';

/**
 * SPEC 4.7/8: after a 401 the web app asks whether the token's user is blocked. The token may already be
 * revoked (blocking revokes it), so this reads the session regardless of its state. An unknown token
 * answers false: it reveals nothing about other accounts.
 */
export async function isTokenUserBlocked(db: Db, token: string | null): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ isBlocked: users.isBlocked })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sha256(token)));
  return row?.isBlocked ?? false;
}
