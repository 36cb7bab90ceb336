import type { Db } from '../db/client';

/** SQLSTATE of a transaction PostgreSQL aborted to break a lock cycle (`deadlock_detected`). */
const DEADLOCK = '40P01';
/** SQLSTATE of a write a unique index refused (`unique_violation`). */
export const UNIQUE_VIOLATION = '23505';

/** Whether `error` is PostgreSQL's `sqlState` (drizzle keeps the driver's error as `cause`). */
export function hasSqlState(error: unknown, sqlState: string): boolean {
  for (let current = error, depth = 0; current instanceof Object && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === sqlState) return true;
    current = cause;
  }
  return false;
}

/** Whether PostgreSQL chose this transaction as a deadlock's victim. */
export const isDeadlockVictim = (error: unknown): boolean => hasSqlState(error, DEADLOCK);

/**
 * Runs `work` in a transaction, again from the start when PostgreSQL aborted it as a deadlock's victim
 * (nothing of it was kept). For writers whose locks cannot always be taken in one order: sending an offer
 * locks the announcement and then reads the user; a block locks the user's announcements and then the
 * user, but an offer that appears in between can still close a cycle. The retry sees the new state.
 */
export async function transactionWithRetry<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= attempts || !isDeadlockVictim(error)) throw error;
    }
  }
}
