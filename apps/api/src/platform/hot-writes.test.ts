import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { lockTimeoutFor, openPostgres, type Database } from '../db/client';
import { createAnnouncement } from '../db/factories';
import { offers } from '../db/schema/index';
import { connectionStringOf } from '../modules/delivery/test-support';
import { bearer, userWithSession } from '../test/auth-helpers';
import { createTestDatabase, testConfig } from '../test/helpers';
import { Gate, registerHotWrites } from './hot-writes';

describe('Gate', () => {
  it('lets so many in at once, queues so many more, and refuses the rest at once', async () => {
    const gate = new Gate({ inFlight: 2, waiting: 1, waitMs: 60_000 });
    const first = await gate.enter();
    const second = await gate.enter();
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    const third = gate.enter();
    expect(gate.queued).toBe(1);
    expect(await gate.enter()).toBeNull();
    // A release hands the turn to the one in line.
    first?.();
    first?.();
    const admitted = await third;
    expect(admitted).not.toBeNull();
    expect(gate.running).toBe(2);
    second?.();
    admitted?.();
    expect(gate.running).toBe(0);
  });

  it('refuses one that waited its longest without a turn', async () => {
    const gate = new Gate({ inFlight: 1, waiting: 5, waitMs: 20 });
    const holder = await gate.enter();
    expect(await gate.enter()).toBeNull();
    expect(gate.queued).toBe(0);
    holder?.();
    expect(await gate.enter()).not.toBeNull();
  });
});

describe('a hot route whose client goes away while it waits', () => {
  it('gives the turn back once it comes, so the next request still gets one', async () => {
    const app = Fastify();
    registerHotWrites(app, { inFlight: 1, waiting: 5, waitMs: 2_000 });
    let finishFirst = () => {};
    const firstHolds = new Promise<void>((resolve) => {
      finishFirst = resolve;
    });
    let firstEntered = () => {};
    const entered = new Promise<void>((resolve) => {
      firstEntered = resolve;
    });
    let waitingGone = () => {};
    const gone = new Promise<void>((resolve) => {
      waitingGone = resolve;
    });
    let waitingArrived = () => {};
    const arrived = new Promise<void>((resolve) => {
      waitingArrived = resolve;
    });
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers['x-name'] === 'waiting') reply.raw.once('close', () => waitingGone());
    });
    app.addHook('preValidation', async (request) => {
      if (request.headers['x-name'] === 'waiting') waitingArrived();
    });
    app.post('/offer', { config: { hotWrite: true } }, async (request) => {
      if (request.headers['x-name'] === 'first') {
        firstEntered();
        await firstHolds;
      }
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const post = (name: string) =>
      http.request({ port, host: '127.0.0.1', method: 'POST', path: '/offer', headers: { 'x-name': name } });
    const statusOf = (request: http.ClientRequest) =>
      new Promise<number>((resolve, reject) => {
        request.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
        request.end();
      });
    try {
      const first = statusOf(post('first'));
      await entered;
      // The second waits for the turn the first holds, and its client goes away meanwhile.
      const waiting = post('waiting');
      waiting.on('error', () => {});
      waiting.end();
      await arrived;
      waiting.destroy();
      await gone;
      finishFirst();
      expect(await first).toBe(200);
      // Without giving the abandoned turn back, this one would wait its 2 s and be refused.
      expect(await statusOf(post('next'))).toBe(200);
    } finally {
      await app.close();
    }
  });
});

/**
 * Issue 25 point 4 on PostgreSQL (PGlite has one connection and no lock waits): one announcement's row
 * locked for longer than the timeouts while 30 offers arrive. The offers are refused 503 SERVICE_BUSY
 * with Retry-After and store nothing; health and search answer meanwhile.
 */
describe('one locked row', () => {
  let seed: Database;
  let database: Database | null = null;
  let app: FastifyInstance | null = null;
  let url: string | undefined;

  beforeAll(async () => {
    seed = await createTestDatabase();
    url = await connectionStringOf(seed);
    if (!url) return;
    // The API's own pool, as production sizes it (10), with short timeouts so the test is short.
    database = openPostgres(url, 10, { connectTimeoutMs: 2_000, statementTimeoutMs: 3_000 });
    app = await buildApp({
      config: testConfig({ DATABASE_POOL_SIZE: '10', DATABASE_STATEMENT_TIMEOUT_MS: '3000' }),
      database,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await seed.close();
  });

  it.skipIf(process.env.TEST_DB_KIND !== 'postgres')(
    'leaves health and search available, and answers the waiting offers 503 with Retry-After, never 500',
    async () => {
      if (!app || !url || !database) throw new Error('no PostgreSQL test database');
      const api = app;
      expect(lockTimeoutFor(3_000)).toBe(1_000);
      const owner = await userWithSession(seed.db);
      const { announcement } = await createAnnouncement(seed.db, owner.user.id);
      const candidates = await Promise.all(Array.from({ length: 30 }, () => userWithSession(seed.db)));
      const offer = (token: string) =>
        api.inject({
          method: 'POST',
          url: `/api/announcement/${announcement.id}/offers`,
          headers: bearer(token),
          payload: {
            id: randomUUID(),
            amount: 1000,
            nif: '12345678Z',
            typeContractCode: 'UTC001',
            salary: 2500,
          },
        });

      // Another session holds the announcement's row until every offer has been answered.
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('select id from announcements where id = $1 for update', [announcement.id]);
        const waiting = candidates.map((candidate) => offer(candidate.token));
        const reads = Array.from({ length: 5 }, () => [
          api.inject({ method: 'GET', url: '/api/health' }),
          api.inject({ method: 'POST', url: '/api/announcement/search', payload: {} }),
        ]).flat();
        const [offerAnswers, readAnswers] = await Promise.all([Promise.all(waiting), Promise.all(reads)]);
        expect(readAnswers.map((res) => res.statusCode)).toEqual(readAnswers.map(() => 200));
        expect(offerAnswers.map((res) => res.statusCode)).toEqual(offerAnswers.map(() => 503));
        for (const res of offerAnswers) {
          expect(res.headers['retry-after']).toBe('2');
          expect(res.json().errors[0].code).toBe('SERVICE_BUSY');
        }
        // Health again, after the offers: nothing was left holding connections.
        expect((await api.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      } finally {
        await holder.query('rollback');
        await holder.end();
      }
      // Nothing was stored; once the row is free, an offer goes through.
      const stored = await seed.db.select().from(offers).where(eq(offers.announcementId, announcement.id));
      expect(stored).toEqual([]);
      const [first] = candidates;
      if (!first) throw new Error('no candidate');
      expect((await offer(first.token)).statusCode).toBe(201);
    },
    60_000,
  );
});
