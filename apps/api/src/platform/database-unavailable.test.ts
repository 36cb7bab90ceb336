import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client';
import { buildApp } from '../app';
import { testConfig } from '../test/helpers';
import { DomainError, isDatabaseDown, registerErrorHandling } from './errors';

/** An error as node-postgres raises it: a message and, for server and socket errors, a code. */
const driverError = (message: string, code?: string) =>
  Object.assign(new Error(message), code ? { code } : {});
/** A failed query as drizzle reports it: the driver's error is the cause. */
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('isDatabaseDown', () => {
  it.each([
    ['a refused connection', driverError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a connection lost mid-query', driverError('Connection terminated unexpectedly')],
    ['a broken pooled client', driverError('Client has encountered a connection error and is not queryable')],
    ['the pool waiting too long', driverError('timeout exceeded when trying to connect')],
    ['an immediate shutdown', driverError('terminating connection due to administrator command', '57P01')],
    ['crash recovery', driverError('the database system is starting up', '57P03')],
    ['too many connections', driverError('sorry, too many clients already', '53300')],
  ])('recognizes %s, also wrapped by drizzle', (_name, error) => {
    expect(isDatabaseDown(error)).toBe(true);
    expect(isDatabaseDown(wrapped(error))).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(isDatabaseDown(wrapped(driverError('duplicate key', '23505')))).toBe(false);
    expect(isDatabaseDown(new Error('Connection refused by the rules'))).toBe(false);
    expect(isDatabaseDown(null)).toBe(false);
    expect(isDatabaseDown('ECONNREFUSED')).toBe(false);
  });
});

describe('503 DATABASE_UNAVAILABLE always carries Retry-After', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/lost', async () => {
      throw wrapped(driverError('Connection terminated unexpectedly'));
    });
    app.get('/refused', async () => {
      throw wrapped(driverError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'));
    });
    app.get('/domain', async () => {
      throw new DomainError('DATABASE_UNAVAILABLE');
    });
    app.get('/unique', async () => {
      throw wrapped(driverError('duplicate key', '23505'));
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['/lost', '/refused', '/domain'])('%s: 503 with Retry-After', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().errors[0].code).toBe('DATABASE_UNAVAILABLE');
  });

  it('a query error that is not about the connection stays a 500 without Retry-After', async () => {
    const res = await app.inject({ method: 'GET', url: '/unique' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('an offer sent while PostgreSQL is unreachable: the auth hook answers 503 with Retry-After', async () => {
    // Nothing listens on port 1: every connection is refused, as between a crash and the restart.
    const database = openPostgres('postgres://postgres@127.0.0.1:1/casaoferta', 2, {
      connectTimeoutMs: 1000,
      statementTimeoutMs: 1000,
    });
    const api = await buildApp({ config: testConfig(), database });
    try {
      const res = await api.inject({
        method: 'POST',
        url: `/api/announcement/${randomUUID()}/offers`,
        headers: { authorization: `Bearer ${'t'.repeat(43)}` },
        payload: { id: randomUUID(), amount: 1000 },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().errors[0].code).toBe('DATABASE_UNAVAILABLE');
    } finally {
      await api.close();
      await database.close();
    }
  });
});
