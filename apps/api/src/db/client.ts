import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index';
import { lockDataDir } from './lock';
import { registerStatementRunner } from './prepared';
import { databaseDefaults } from '../config';
import { migrationsFolder } from '../runtime-paths';

export type Schema = typeof schema;
/** The one database type every query function takes: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data dir as a gzipped tarball (tests load it to skip migrations). */
  dump?(): Promise<Blob>;
  /**
   * LISTEN on `channel` until the returned listener closes (live updates, decision 015). PostgreSQL:
   * one dedicated connection outside the pool, reconnected with back-off after a drop. Resolves once
   * the first attempt is done; if it failed, it keeps retrying and reports `onReconnect` when it listens.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  /** PostgreSQL: the pool's connections now (the metrics, decision 034). PGlite has no pool. */
  poolStats?(): PoolStats;
  /**
   * PostgreSQL: a new connection outside the pool, not yet connected, for state a session holds (the
   * live streams' advisory locks, decision 034); the caller connects and ends it.
   */
  dedicatedClient?(): pg.Client;
}

export interface PoolStats {
  /** Connections open, idle among them, queries waiting for one, and the most the pool opens. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface ListenHandlers {
  /** Each notification's payload, in commit order. */
  onNotify(payload: string): void;
  /** Listening again after a drop: what was notified meanwhile is lost (resync from the tables). */
  onReconnect?(): void;
  /** The connection dropped or a reconnect failed; it retries by itself. */
  onError?(error: Error): void;
}

export interface Listener {
  close(): Promise<void>;
}

/** Back-off between reconnects of a listening connection: 250 ms doubling up to 10 s. */
export const listenRetryDelay = (attempt: number): number =>
  Math.min(10_000, 250 * 2 ** Math.min(attempt, 6));

export { migrationsFolder };

export interface PoolTimeouts {
  /** How long getting a connection may take (a new one, or a free one from a full pool). */
  connectTimeoutMs: number;
  /** PostgreSQL cancels a statement that runs longer (`statement_timeout`). */
  statementTimeoutMs: number;
}

/**
 * PostgreSQL's `lock_timeout` for a statement timeout (issue 25 point 4, decision 030): a third of it, at
 * most 5 s. A request waiting on a locked row gives its connection back well before the statement
 * timeout, and is answered 503 SERVICE_BUSY with Retry-After (platform/errors.ts).
 */
export const lockTimeoutFor = (statementTimeoutMs: number): number =>
  Math.max(10, Math.min(5_000, Math.floor(statementTimeoutMs / 3)));

/** Database on a PostgreSQL server. Defaults as in config.ts (DATABASE_POOL_SIZE and the time-outs). */
export function openPostgres(
  url: string,
  poolSize: number = databaseDefaults.poolSize,
  timeouts: PoolTimeouts = databaseDefaults,
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs,
    lock_timeout: lockTimeoutFor(timeouts.statementTimeoutMs),
  });
  // An idle client's error (server restart) must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  // pg-pool listens for a client's errors only while it is idle: one held by a transaction when the
  // server goes away would otherwise emit an unhandled 'error' and stop the process. The query in flight
  // still fails (503), and the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema });
  registerStatementRunner(db, (name, text, values) => pool.query({ name, text, values }));
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // One process at a time applies migrations (several API processes may start together).
      const client = await pool.connect();
      try {
        // Another process's migrations may take longer than a request's lock timeout: wait them out.
        await client.query('SET lock_timeout = 0');
        await client.query('SELECT pg_advisory_lock(727274)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
        await client.query('RESET lock_timeout').catch(() => undefined);
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    listen: (channel, handlers) => listenPostgres(url, timeouts, channel, handlers),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    dedicatedClient: () =>
      new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: timeouts.connectTimeoutMs,
        keepAlive: true,
      }),
    close: () => pool.end(),
  };
}

async function listenPostgres(
  url: string,
  timeouts: PoolTimeouts,
  channel: string,
  handlers: ListenHandlers,
): Promise<Listener> {
  let current: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  const scheduleRetry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void open(true);
    }, listenRetryDelay(attempt));
    attempt += 1;
  };

  const open = async (isRetry: boolean) => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: timeouts.connectTimeoutMs,
      keepAlive: true,
    });
    let dropped = false;
    const drop = (error: Error) => {
      if (dropped) return;
      dropped = true;
      if (current === client) current = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (closed) return;
      handlers.onError?.(error);
      scheduleRetry();
    };
    client.on('error', drop);
    client.on('end', () => drop(new Error(`LISTEN ${channel}: connection ended`)));
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onNotify(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      drop(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (dropped) return;
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    attempt = 0;
    if (isRetry) handlers.onReconnect?.();
  };

  await open(false);
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}

/** Embedded PGlite: on disk under dataDir (locked), or in memory when dataDir is null (tests). */
export async function openPglite(
  dataDir: string | null,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  let client: PGlite;
  try {
    client = await PGlite.create({
      extensions: { pg_trgm },
      ...(dataDir ? { dataDir: path.join(dataDir, 'pgdata') } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema });
  registerStatementRunner(db, (_name, text, values) => client.query(text, values));
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    async ping() {
      await db.execute(sql`select 1`);
    },
    dump: () => client.dumpDataDir('gzip'),
    async listen(channel, handlers) {
      const unlisten = await client.listen(channel, (payload) => handlers.onNotify(payload));
      return {
        async close() {
          if (!client.closed) await unlisten().catch(() => undefined);
        },
      };
    },
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
