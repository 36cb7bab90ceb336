import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { isDeadlockVictim, transactionWithRetry } from './transactions';

/** A database whose transactions fail with `errors` in turn, then run the work. */
function flakyDb(errors: unknown[]): { db: Db; runs: () => number } {
  let runs = 0;
  const db = {
    transaction: async <T>(work: (tx: Db) => Promise<T>) => {
      runs += 1;
      const error = errors.shift();
      if (error) throw error;
      return work(db as unknown as Db);
    },
  };
  return { db: db as unknown as Db, runs: () => runs };
}
const deadlock = () => Object.assign(new Error('Failed query'), { cause: { code: '40P01' } });

describe('transactionWithRetry', () => {
  it('runs a deadlock victim again from the start', async () => {
    const { db, runs } = flakyDb([deadlock(), deadlock()]);
    expect(await transactionWithRetry(db, async () => 'hecho')).toBe('hecho');
    expect(runs()).toBe(3);
  });

  it('gives up after the attempts and rethrows', async () => {
    const { db, runs } = flakyDb([deadlock(), deadlock(), deadlock()]);
    await expect(transactionWithRetry(db, async () => 'hecho')).rejects.toSatisfy(isDeadlockVictim);
    expect(runs()).toBe(3);
  });

  it('never repeats any other failure', async () => {
    const { db, runs } = flakyDb([Object.assign(new Error('duplicate'), { code: '23505' })]);
    await expect(transactionWithRetry(db, async () => 'hecho')).rejects.toThrow('duplicate');
    expect(runs()).toBe(1);
  });
});
