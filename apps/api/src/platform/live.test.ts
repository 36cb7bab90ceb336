import { EventEmitter } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/helpers';
import {
  ConnectionLimiter,
  StreamSlots,
  EventStream,
  sseFrame,
  startLiveFanout,
  type EventStreamTarget,
  type LiveFanout,
  type LiveSubscriber,
} from './live';

interface Notice {
  key: string;
  n: number;
}

let database: Database;
let fanout: LiveFanout<Notice>;
const warnings: string[] = [];
const log = {
  warn: (_object: object, message: string) => void warnings.push(message),
  info: () => undefined,
};
const channel = 'live_test';

beforeAll(async () => {
  database = await createTestDatabase();
  fanout = await startLiveFanout<Notice>(database, {
    channel,
    parse(payload) {
      const value = JSON.parse(payload) as unknown;
      if (typeof value !== 'object' || value === null || !('key' in value) || !('n' in value)) return null;
      const { key, n } = value;
      return typeof key === 'string' && typeof n === 'number' ? { key, n } : null;
    },
    key: (notice) => notice.key,
    log,
  });
});
afterAll(async () => {
  await fanout.close();
  await database.close();
});

const notify = (payload: string) => database.db.execute(sql`select pg_notify(${channel}, ${payload})`);

/** A subscriber that records notices and lets a test await the next one or the next resync. */
function recorder() {
  const notices: Notice[] = [];
  let onNotice: (() => void) | null = null;
  let onResync: (() => void) | null = null;
  const subscriber: LiveSubscriber<Notice> = {
    deliver(notice) {
      notices.push(notice);
      onNotice?.();
    },
    resync() {
      onResync?.();
    },
  };
  return {
    notices,
    subscriber,
    /** Resolves once `count` notices are in. */
    received: (count: number) =>
      new Promise<Notice[]>((resolve) => {
        const check = () => {
          if (notices.length >= count) resolve([...notices]);
        };
        onNotice = check;
        check();
      }),
    resynced: () =>
      new Promise<void>((resolve) => {
        onResync = resolve;
      }),
  };
}

describe('startLiveFanout', () => {
  it('delivers each committed notice to the subscribers of its key only, until they unsubscribe', async () => {
    const a = recorder();
    const b = recorder();
    const a2 = recorder();
    const stopA = fanout.subscribe('a', a.subscriber);
    fanout.subscribe('b', b.subscriber);
    const stopA2 = fanout.subscribe('a', a2.subscriber);
    expect(fanout.size).toBe(3);

    await notify(JSON.stringify({ key: 'a', n: 1 }));
    await notify('not json at all {');
    await notify(JSON.stringify({ key: 'a' }));
    // Inside a transaction: delivered on commit, and not at all when it rolls back.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify(${channel}, ${JSON.stringify({ key: 'b', n: 2 })})`);
    });
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify(${channel}, ${JSON.stringify({ key: 'b', n: 3 })})`);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    stopA();
    stopA();
    await notify(JSON.stringify({ key: 'a', n: 4 }));
    await notify(JSON.stringify({ key: 'b', n: 5 }));

    expect(await b.received(2)).toEqual([
      { key: 'b', n: 2 },
      { key: 'b', n: 5 },
    ]);
    expect(await a2.received(2)).toEqual([
      { key: 'a', n: 1 },
      { key: 'a', n: 4 },
    ]);
    // a unsubscribed before n: 4 was sent, and b's n: 5 came after it: a has everything it will get.
    expect(a.notices).toEqual([{ key: 'a', n: 1 }]);
    expect(warnings.filter((w) => w.includes('not a valid payload'))).toHaveLength(2);
    stopA2();
    expect(fanout.size).toBe(1);
  });

  it('keeps delivering to the others when a subscriber throws', async () => {
    const throwing: LiveSubscriber<Notice> = {
      deliver() {
        throw new Error('broken connection');
      },
      resync: () => undefined,
    };
    const good = recorder();
    const stopThrowing = fanout.subscribe('c', throwing);
    const stopGood = fanout.subscribe('c', good.subscriber);
    await notify(JSON.stringify({ key: 'c', n: 1 }));
    expect(await good.received(1)).toEqual([{ key: 'c', n: 1 }]);
    expect(warnings).toContain('live subscriber failed');
    stopThrowing();
    stopGood();
  });

  it('PostgreSQL: reconnects after its connection is killed and asks every subscriber to resync', async (context) => {
    if (database.kind !== 'postgres') context.skip();
    const watcher = recorder();
    const stop = fanout.subscribe('d', watcher.subscriber);
    const resynced = watcher.resynced();
    const result = await database.db.execute(
      sql`select pg_terminate_backend(pid) as terminated from pg_stat_activity
          where datname = current_database() and query = ${`LISTEN "${channel}"`}`,
    );
    const killed = z.object({ rows: z.array(z.object({ terminated: z.boolean() })) }).parse(result);
    expect(killed.rows).toEqual([{ terminated: true }]);
    await resynced;
    await notify(JSON.stringify({ key: 'd', n: 1 }));
    expect(await watcher.received(1)).toEqual([{ key: 'd', n: 1 }]);
    expect(warnings).toContain('live listener dropped, reconnecting');
    stop();
  });
});

describe('ConnectionLimiter', () => {
  it('counts per address and frees a slot once, however often it is released', () => {
    const limiter = new ConnectionLimiter(2);
    const first = limiter.acquire('10.0.0.1');
    const second = limiter.acquire('10.0.0.1');
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(limiter.acquire('10.0.0.1')).toBeNull();
    expect(limiter.acquire('10.0.0.2')).not.toBeNull();
    first?.();
    first?.();
    const third = limiter.acquire('10.0.0.1');
    expect(third).not.toBeNull();
    expect(limiter.acquire('10.0.0.1')).toBeNull();
  });
});

describe('StreamSlots', () => {
  it('caps per address, per user and in all, taking all three counts or none', () => {
    const slots = new StreamSlots({ perAddress: 2, perUser: 1, total: 3 });
    const ana = slots.acquire('10.0.0.1', 'ana');
    expect(ana.refused).toBeUndefined();
    // Ana's second stream: refused by her cap, and the address's slot it took is given back.
    expect(slots.acquire('10.0.0.1', 'ana')).toEqual({ refused: 'user' });
    expect(slots.heldBy('10.0.0.1', 'ana')).toEqual({ address: 1, user: 1 });
    const anonymous = slots.acquire('10.0.0.1', null);
    expect(anonymous.refused).toBeUndefined();
    expect(slots.acquire('10.0.0.1', 'bruno')).toEqual({ refused: 'address' });
    expect(slots.heldBy('10.0.0.1', 'bruno')).toEqual({ address: 2, user: 0 });
    const bruno = slots.acquire('10.0.0.2', 'bruno');
    expect(bruno.refused).toBeUndefined();
    expect(slots.acquire('10.0.0.3', null)).toEqual({ refused: 'total' });
    expect(slots.size).toBe(3);
    // A release frees its three counts once, however often it is called.
    if (ana.refused === undefined) {
      ana.release();
      ana.release();
    }
    expect(slots.size).toBe(2);
    expect(slots.heldBy('10.0.0.1', 'ana')).toEqual({ address: 1, user: 0 });
    expect(slots.acquire('10.0.0.3', 'ana').refused).toBeUndefined();
    expect(slots.acquire('10.0.0.4', 'carla')).toEqual({ refused: 'total' });
  });
});

/** A response that records what is written; `writableLength` plays a client that does not read. */
class FakeResponse extends EventEmitter implements EventStreamTarget {
  written: string[] = [];
  writableLength = 0;
  writableEnded = false;
  write(chunk: string): boolean {
    this.written.push(chunk);
    return true;
  }
  end(): void {
    this.writableEnded = true;
  }
}

describe('EventStream', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const options = (onClose: () => void) => ({
    heartbeatMs: 15_000,
    maxLifetimeMs: 60_000,
    maxBufferedBytes: 1024,
    onClose,
  });

  it('writes a heartbeat comment every interval and ends at its maximum lifetime', () => {
    vi.useFakeTimers();
    const response = new FakeResponse();
    const onClose = vi.fn();
    const stream = new EventStream(response, { ...options(onClose), maxLifetimeMs: 40_000 });
    stream.write(sseFrame('summary', { a: 1 }));
    vi.advanceTimersByTime(15_000);
    vi.advanceTimersByTime(15_000);
    expect(response.written).toEqual([
      'event: summary\ndata: {"a":1}\n\n',
      ': heartbeat\n\n',
      ': heartbeat\n\n',
    ]);
    // The lifetime (40 s here) ends it: no heartbeat after that.
    vi.advanceTimersByTime(10_000);
    expect(response.writableEnded).toBe(true);
    expect(stream.isClosed).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(response.written).toHaveLength(3);
  });

  it('ends a stream whose client does not read, and when the connection closes', () => {
    const slow = new FakeResponse();
    const onSlowClose = vi.fn();
    const stream = new EventStream(slow, options(onSlowClose));
    slow.writableLength = 2048;
    stream.write('data: x\n\n');
    expect(slow.written).toEqual([]);
    expect(onSlowClose).toHaveBeenCalledTimes(1);

    const gone = new FakeResponse();
    const onGoneClose = vi.fn();
    const other = new EventStream(gone, options(onGoneClose));
    gone.emit('close');
    gone.emit('close');
    other.write('data: y\n\n');
    expect(gone.written).toEqual([]);
    expect(onGoneClose).toHaveBeenCalledTimes(1);
  });
});
