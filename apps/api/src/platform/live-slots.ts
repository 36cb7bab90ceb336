import { createHash, randomInt } from 'node:crypto';
import type pg from 'pg';
import type { Database } from '../db/client';
import { isDatabaseDown } from './errors';
import { StreamSlots, type StreamCap, type StreamCaps, type StreamSlot } from './live';

/**
 * The live-stream caps (LIVE_STREAMS_PER_ADDRESS, _PER_USER, _TOTAL) counted across every API process
 * on one PostgreSQL (issue 25 point 6, decision 034). Each cap of a key (an address, a user, the total)
 * is a set of slots `0 … cap − 1`, and an open stream holds one slot of each of its keys as a
 * session-level advisory lock, `pg_try_advisory_lock(hash(key), slot)`, on one connection of its process
 * kept for that. A slot is free exactly when no session holds its lock, so two processes never hold the
 * same one (a full cap refuses its next stream in every process), and a process that dies frees its
 * slots with its connection: nothing to expire or sweep. The embedded PGlite (one process) counts in
 * memory only.
 *
 * Each process first checks its own counts (StreamSlots: a refusal costs no query), then takes the locks
 * in one statement per key, its calls queued one after another (a session re-takes its own lock, so two
 * takes of the same process must not overlap).
 */

export interface StreamSlotSource {
  /** A slot for a stream from `address`, of `userId` (null: anonymous), or the cap that is full. */
  acquire(address: string, userId: string | null): Promise<StreamSlot>;
  /** Streams this process holds open. */
  readonly size: number;
  close(): Promise<void>;
}

/** The counts of this process only (PGlite, or tests): StreamSlots behind the async interface. */
export function localStreamSlots(caps: StreamCaps): StreamSlotSource {
  const slots = new StreamSlots(caps);
  return {
    acquire: async (address, userId) => slots.acquire(address, userId),
    get size() {
      return slots.size;
    },
    close: async () => undefined,
  };
}

/** The first 32 bits of SHA-256 of a cap's key, signed: the advisory lock's first key. */
export const lockKeyOf = (cap: StreamCap, key: string): number =>
  createHash('sha256').update(`live-stream:${cap}:${key}`).digest().readInt32BE(0);

/**
 * Takes a free slot of `key` (0 … cap − 1), starting at `offset` and skipping those this session holds
 * (it would take them again), in one statement: the CASE keeps the lock from being tried on a skipped
 * slot, and LIMIT 1 stops at the first lock taken.
 */
const TAKE = `select s from (select (g + $3::int) % $2::int as s from generate_series(0, $2::int - 1) g) t
  where case when s = any($4::int[]) then false else pg_try_advisory_lock($1::int, s) end limit 1`;

interface Held {
  key: number;
  slot: number;
}

/** Advisory locks one open stream may hold: its address's, its user's and the total's. */
export const LOCKS_PER_STREAM = 3;

/**
 * Warns (once, on the first connection) when the streams at LIVE_STREAMS_TOTAL could take more than
 * half of PostgreSQL's shared lock table (about max_locks_per_transaction × max_connections entries),
 * which ordinary queries need too (docs/OPERATIONS.md).
 */
export async function warnIfLockTableSmall(
  connection: Pick<pg.Client, 'query'>,
  caps: StreamCaps,
  log: ClusterSlotsOptions['log'],
): Promise<void> {
  const { rows } = await connection.query<{ entries: number }>(
    `select current_setting('max_locks_per_transaction')::int
      * (current_setting('max_connections')::int + current_setting('max_prepared_transactions')::int) as entries`,
  );
  const entries = rows[0]?.entries ?? 0;
  const needed = caps.total * LOCKS_PER_STREAM;
  if (needed > entries / 2) {
    log.warn(
      { lockTableEntries: entries, streamLocks: needed },
      "LIVE_STREAMS_TOTAL: at full use the live streams would hold more than half of PostgreSQL's lock table; raise max_locks_per_transaction (docs/OPERATIONS.md)",
    );
  }
}

export interface ClusterSlotsOptions {
  log: { warn(object: object, message: string): void };
}

/**
 * The caps counted in PostgreSQL through advisory locks (see above). The connection is opened on the
 * first stream; when it drops, its locks are gone: the next call opens another and takes again the
 * slots of the streams still open (those another process took meanwhile are then shared until their
 * streams end, at most LIVE_STREAMS' 30-minute lifetime).
 */
export function clusterStreamSlots(
  database: Database,
  caps: StreamCaps,
  options: ClusterSlotsOptions,
): StreamSlotSource {
  const openClient = database.dedicatedClient?.bind(database);
  if (!openClient) return localStreamSlots(caps);
  const local = new StreamSlots(caps);
  /** Slots this process holds, per lock key. */
  const held = new Map<number, Set<number>>();
  let client: pg.Client | null = null;
  let lost = false;
  let sized = false;
  let closed = false;
  // One call at a time on the connection (see above).
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  const connect = async (): Promise<pg.Client> => {
    if (closed) throw new Error('live stream slots: closed');
    if (client && !lost) return client;
    const fresh = openClient();
    const drop = () => {
      if (client === fresh) lost = true;
    };
    fresh.on('error', (error) => {
      drop();
      options.log.warn({ err: error }, 'live stream slots: connection lost; locks taken again on next use');
    });
    fresh.on('end', drop);
    await fresh.connect();
    if (!sized) {
      sized = true;
      await warnIfLockTableSmall(fresh, caps, options.log);
    }
    const previous = client;
    client = fresh;
    lost = false;
    void previous?.end().catch(() => undefined);
    // The streams still open take their slots again, in one statement. A slot another process took
    // meanwhile is no longer this one's: its stream is not counted in PostgreSQL until it ends.
    const keys: number[] = [];
    const slots: number[] = [];
    for (const [key, set] of held) {
      for (const slot of set) {
        keys.push(key);
        slots.push(slot);
      }
    }
    if (keys.length > 0) {
      const retaken = await fresh.query<{ k: number; s: number; taken: boolean }>(
        'select k, s, pg_try_advisory_lock(k, s) as taken from unnest($1::int[], $2::int[]) as t(k, s)',
        [keys, slots],
      );
      for (const row of retaken.rows) {
        if (row.taken) continue;
        const mine = held.get(row.k);
        mine?.delete(row.s);
        if (mine?.size === 0) held.delete(row.k);
      }
    }
    return fresh;
  };

  /** A statement on the connection; once more on a new one when the connection turns out dead. */
  const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[]) => {
    try {
      return await (await connect()).query<R>(text, values);
    } catch (error) {
      if (!isDatabaseDown(error)) throw error;
      lost = true;
      return (await connect()).query<R>(text, values);
    }
  };

  const take = (key: number, cap: number): Promise<Held | null> =>
    serial(async () => {
      const mine = held.get(key) ?? new Set<number>();
      if (mine.size >= cap) return null;
      const result = await query<{ s: number }>(TAKE, [key, cap, randomInt(cap), [...mine]]);
      const slot = result.rows[0]?.s;
      if (slot === undefined) return null;
      mine.add(slot);
      held.set(key, mine);
      return { key, slot };
    });

  const give = (taken: Held): Promise<void> =>
    serial(async () => {
      const mine = held.get(taken.key);
      // Not held any more: its connection was lost and another process took the slot meanwhile.
      if (!mine?.delete(taken.slot)) return;
      if (mine.size === 0) held.delete(taken.key);
      // A lost connection took its locks with it; the next one takes only the slots still held.
      if (!client || lost) return;
      await client.query('select pg_advisory_unlock($1::int, $2::int)', [taken.key, taken.slot]);
    }).catch(() => undefined);

  return {
    async acquire(address, userId) {
      const slot = local.acquire(address, userId);
      if (slot.refused) return slot;
      const wanted: [StreamCap, string, number][] = [
        ['address', address, caps.perAddress],
        ...(userId === null ? [] : [['user', userId, caps.perUser] as [StreamCap, string, number]]),
        ['total', '', caps.total],
      ];
      const taken: Held[] = [];
      const giveBack = () => Promise.all(taken.map(give));
      try {
        for (const [cap, key, max] of wanted) {
          const one = await take(lockKeyOf(cap, key), max);
          if (!one) {
            await giveBack();
            slot.release();
            return { refused: cap };
          }
          taken.push(one);
        }
      } catch (error) {
        await giveBack();
        slot.release();
        throw error;
      }
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          slot.release();
          void giveBack();
        },
      };
    },
    get size() {
      return local.size;
    },
    async close() {
      closed = true;
      await serial(async () => {
        const last = client;
        client = null;
        held.clear();
        await last?.end().catch(() => undefined);
      });
    },
  };
}
