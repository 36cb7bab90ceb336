import type { Db } from '../db/client';
import { sqlErrorOf } from './errors';

/** Whether PostgreSQL chose this transaction as a deadlock's victim (`deadlock_detected`). */
export const isDeadlockVictim = (error: unknown): boolean => sqlErrorOf(error, '40P01') !== null;

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
