import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { eq, sql } from 'drizzle-orm';
import { randomSpanishMobile } from '../db/factories';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema/index';
import { createTestApp, createTestDatabase } from '../test/helpers';
import { countRequest, postgresRateLimitStore, pruneRateLimits } from './rate-limit-store';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** One API process: its own Fastify and rate-limit plugin, on the shared database. */
async function apiProcess(): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(database.db) });
  for (const url of ['/limited', '/other']) {
    app.post(url, { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  }
  await app.ready();
  return app;
}

describe('rate limits kept in the database', () => {
  it('makes two API processes share one budget per client and route', async () => {
    const [a, b] = await Promise.all([apiProcess(), apiProcess()]);
    try {
      const hit = (app: FastifyInstance, url = '/limited', remoteAddress = '203.0.113.1') =>
        app.inject({ method: 'POST', url, remoteAddress });
      const statuses = [];
      for (const app of [a, b, a, b]) statuses.push((await hit(app)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await hit(a);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another route and another client have budgets of their own.
      expect((await hit(b, '/other')).statusCode).toBe(200);
      expect((await hit(b, '/limited', '203.0.113.2')).statusCode).toBe(200);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('counts parallel requests one by one', async () => {
    const counts = await Promise.all(
      Array.from({ length: 40 }, () => countRequest(database.db, 'parallel', 60_000)),
    );
    expect(counts.map((c) => c.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    for (const { ttl } of counts) {
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
  });

  it('starts a new window once the last one is over, and prunes the windows that are over', async () => {
    await countRequest(database.db, 'window', 60_000);
    await countRequest(database.db, 'window', 60_000);
    await database.db
      .update(rateLimits)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, 'window'));
    expect((await countRequest(database.db, 'window', 60_000)).current).toBe(1);
    await database.db
      .update(rateLimits)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, 'window'));
    await pruneRateLimits(database.db);
    expect(await database.db.select().from(rateLimits).where(eq(rateLimits.key, 'window'))).toEqual([]);
  });
});

describe('the API picks its rate-limit store', () => {
  it('keeps budgets in PostgreSQL on a server, in memory on embedded PGlite', async () => {
    const t = await createTestApp();
    try {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/authentication/users/generate-otp-code',
        payload: { phoneNumber: randomSpanishMobile() },
      });
      expect(sent.statusCode).toBe(200);
      const rows = await t.database.db.select().from(rateLimits);
      expect(rows.map((row) => [row.key, row.count])).toEqual(
        t.database.kind === 'postgres'
          ? [['POST /api/authentication/users/generate-otp-code 127.0.0.1', 1]]
          : [],
      );
    } finally {
      await t.close();
    }
  });
});
