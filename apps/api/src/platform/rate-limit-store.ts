import type { FastifyInstance } from 'fastify';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { rateLimits } from '../db/schema/index';
import { RateLimitedError } from './errors';
import { outageLog } from './outage-log';

const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Counts one request for `key` in a window of `timeWindowMs` that starts with the key's first request,
 * in one statement (an upsert), so parallel requests from any number of API processes each get their
 * own count. Answers the count and the milliseconds left in the window.
 */
export async function countRequest(
  db: Db,
  key: string,
  timeWindowMs: number,
): Promise<{ current: number; ttl: number }> {
  const r = rateLimits;
  const [row] = await db
    .insert(r)
    .values({ key, count: 1, expiresAt: sql`now() + make_interval(secs => ${timeWindowMs / 1000})` })
    .onConflictDoUpdate({
      target: r.key,
      set: {
        count: sql`case when ${r.expiresAt} <= now() then 1 else ${r.count} + 1 end`,
        expiresAt: sql`case when ${r.expiresAt} <= now() then excluded.expires_at else ${r.expiresAt} end`,
      },
    })
    .returning({
      current: r.count,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from ${r.expiresAt} - now()) * 1000))::int`,
    });
  if (!row) throw new Error('countRequest: no row returned');
  return row;
}

/**
 * Spends one use of the budget `key` (at most `max` in a window of `windowMs`) inside the caller's
 * transaction: the counter's upsert is the check (two requests at once take turns on its row), and a
 * request over the budget throws RateLimitedError (429 with Retry-After), which rolls the count back
 * with the rest of the transaction, so a refused request leaves nothing behind.
 */
export async function spendBudget(tx: Db, key: string, max: number, windowMs: number): Promise<void> {
  const { current, ttl } = await countRequest(tx, key, windowMs);
  if (current > max) throw new RateLimitedError(Math.max(1, Math.ceil(ttl / 1000)));
}

/** Removes the windows that are over (their keys start again at 1 anyway). */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, sql`now()`));
}

/** The route a child store counts for (the plugin passes the route as `routeInfo`, unlike its types). */
const routeKey = (options: object): string => {
  const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
  return `${String(route?.method)} ${String(route?.url)} `;
};

/**
 * A store for @fastify/rate-limit kept in PostgreSQL: every API process on the database shares the
 * budgets. Each route counts apart (`child`), as with the plugin's own stores. `continueExceeding` and
 * `exponentialBackoff` are not supported (no route uses them).
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    // The plugin constructs the root store with its options; a route's store gets its route's prefix.
    constructor(
      _options: object,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      countRequest(db, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: object): FastifyRateLimitStore {
      return new PostgresRateLimitStore(options, routeKey(options));
    }
  };
}

/**
 * Registers @fastify/rate-limit (routes opt in with `config: { rateLimit }`). On a PostgreSQL server the
 * budgets live in the database, since several API processes may serve it; the embedded PGlite mode is
 * one process by construction (its data dir is locked), so memory is enough there.
 */
export async function registerRateLimit(app: FastifyInstance, database: Database): Promise<void> {
  if (database.kind !== 'postgres') {
    await app.register(rateLimit, { global: false });
    return;
  }
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(database.db) });
  const outage = outageLog(app.log, 'rate limits pruning');
  const timer = setInterval(() => {
    pruneRateLimits(database.db).then(
      () => outage.succeeded(),
      (error: unknown) => {
        outage.failed(error);
      },
    );
  }, PRUNE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
