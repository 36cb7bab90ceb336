import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnnouncement, randomSpanishMobile } from '../db/factories';
import { outbox } from '../db/schema/index';
import { buildApp } from '../app';
import { createTestApp, testConfig, type TestApp } from '../test/helpers';
import { bearer, userWithSession } from '../test/auth-helpers';
import {
  allChannels,
  connectionStringOf,
  quietLog,
  recordingProvider,
} from '../modules/delivery/test-support';
import { startDeliveryWorker } from '../modules/delivery/worker';
import { enqueueMessage, requestIdOfMessage } from './outbox';
import { createLifecycle } from './lifecycle';

/**
 * Operations (issue 25 point 6, decision 034): liveness and readiness, the Prometheus metrics behind
 * METRICS_TOKEN, the request id (kept when sane, made otherwise, carried into the delivery job and its
 * log line), and a draining process's answers.
 */

const TOKEN = 'm'.repeat(20) + 'etrics-token-for-tests-0123456789';

/** JSON log lines written by an app (LOG_LEVEL=info). */
class LogLines {
  readonly lines: Record<string, unknown>[] = [];
  write(line: string) {
    this.lines.push(JSON.parse(line) as Record<string, unknown>);
  }
  withMessage(message: string) {
    return this.lines.filter((line) => line.msg === message);
  }
}

let t: TestApp;
let metered: TestApp;
const logs = new LogLines();

beforeAll(async () => {
  t = await createTestApp();
  metered = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t.close();
  await metered.close();
});

describe('liveness and readiness', () => {
  it('answers liveness without the database, and readiness with each check', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ data: { status: 'live' } });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ data: { status: 'ready', checks: { database: 'ok', files: 'ok' } } });
    // The old health check is as it was (e2e and Playwright's webServer wait on it).
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ data: { status: 'ok', database: t.database.kind } });
  });

  it('is not ready, naming the check, when the database fails or does not answer in time, or the file store is missing', async () => {
    const failing = { ...t.database, ping: () => Promise.reject(new Error('connection refused')) };
    const silent = { ...t.database, ping: () => new Promise<void>(() => undefined) };
    // A data dir that goes away under the running process (an unmounted volume).
    const gone = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-gone-'));
    for (const [database, config, failed] of [
      [failing, testConfig(), ['database']],
      [silent, testConfig(), ['database']],
      [t.database, testConfig({ DATA_DIR: gone }), ['files']],
    ] as const) {
      const app = await buildApp({ config, database });
      fs.rmSync(gone, { recursive: true, force: true });
      try {
        const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.headers['retry-after']).toBe('5');
        const errors = (ready.json() as { errors: { code: string; field: string; message: string }[] })
          .errors;
        expect(errors.map((e) => [e.code, e.field])).toEqual(failed.map((name) => ['NOT_READY', name]));
        // No detail of the failure leaks (the log has it).
        expect(ready.body).not.toMatch(/refused|ms/);
        // Liveness does not depend on either.
        expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    }
  });

  it('turns a draining process not ready and answers any other request 503 SERVER_CLOSING, closing the connection', async () => {
    const lifecycle = createLifecycle();
    const app = await buildApp({ config: testConfig(), database: t.database, lifecycle });
    try {
      lifecycle.draining = true;
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ errors: [{ code: 'NOT_READY', field: 'shutdown' }] });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      const other = await app.inject({ method: 'GET', url: '/api/masters' });
      expect(other.statusCode).toBe(503);
      expect(other.json()).toMatchObject({ errors: [{ code: 'SERVER_CLOSING' }] });
      expect(other.headers.connection).toBe('close');
      expect(other.headers['retry-after']).toBe('1');
    } finally {
      lifecycle.draining = false;
      await app.close();
    }
  });
});

describe('metrics', () => {
  it('are not served without METRICS_TOKEN (404), whoever asks', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errors: [{ code: 'ROUTE_NOT_FOUND' }] });
  });

  it('refuse anyone without the token: no header, another token, a user session', async () => {
    const { token: session } = await userWithSession(metered.database.db, { name: 'Ana', surname: 'Uno' });
    for (const headers of [
      {},
      bearer(`${TOKEN}x`),
      bearer(TOKEN.slice(1)),
      bearer(session),
      { authorization: TOKEN },
    ]) {
      const response = await metered.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ errors: [{ code: 'METRICS_TOKEN_INVALID' }] });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('casaoferta_');
    }
  });

  it('count requests by route pattern and status, never by raw URL, and read the queue and the pool', async () => {
    const owner = await userWithSession(metered.database.db, { name: 'Olga', surname: 'Dueña' });
    const { announcement } = await createAnnouncement(metered.database.db, owner.user.id);
    await metered.app.inject({ method: 'GET', url: `/api/announcement/${announcement.id}/events` });
    await metered.app.inject({ method: 'GET', url: '/api/health/live' });
    await metered.app.inject({ method: 'GET', url: '/api/no-such-route/12345' });
    await metered.database.db.transaction(async (tx) => {
      await enqueueMessage(tx, { channel: 'sms', recipient: randomSpanishMobile(), body: 'uno' });
      await enqueueMessage(tx, { channel: 'email', recipient: 'a@example.com', subject: 's', body: 'dos' });
    });
    const response = await metered.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toMatch(
      /casaoferta_http_requests_total\{method="GET",route="\/api\/announcement\/:id\/events",status="200"\} 1/,
    );
    expect(text).toMatch(
      /casaoferta_http_requests_total\{method="GET",route="\/api\/health\/live",status="200"\} 1/,
    );
    expect(text).toMatch(/casaoferta_http_requests_total\{method="GET",route="unmatched",status="404"\} 1/);
    expect(text).toMatch(
      /casaoferta_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/health\/live"/,
    );
    expect(text).not.toContain(announcement.id);
    expect(text).not.toContain('12345');
    expect(text).toMatch(/casaoferta_delivery_queue_messages\{status="queued"\} 2/);
    expect(text).toMatch(/casaoferta_delivery_queue_readable 1/);
    expect(text).toMatch(/casaoferta_live_streams_open 0/);
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
    // The pool exists on PostgreSQL only (PGlite is one embedded connection).
    expect(/casaoferta_db_pool_connections\{state="max"\} 5/.test(text)).toBe(
      metered.database.kind === 'postgres',
    );
    await metered.database.db.delete(outbox);
  });
});

describe('request id', () => {
  it('keeps a sane incoming X-Request-Id and replaces any other with a new one, on every answer', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'lb-7f3a:01' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a:01');
    for (const given of ['a'.repeat(129), 'two words', 'x\u00e9', '']) {
      const replaced = await t.app.inject({
        method: 'GET',
        url: '/api/health/live',
        headers: { 'x-request-id': given },
      });
      expect(String(replaced.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Refused requests carry it too.
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { 'x-request-id': 'refused-1' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('refused-1');
  });

  it("follows a request into the message it queues: the delivery's log line carries the request's id", async () => {
    const database = t.database;
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info', METRICS_TOKEN: TOKEN }),
      database,
      logStream: logs,
    });
    // The provider holds the message until released: meanwhile its job is read, and this process's memory
    // of the id dropped, so that on PostgreSQL only the job's payload can give the worker the id.
    let called: () => void = () => undefined;
    const calledOnce = new Promise<void>((resolve) => (called = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const provider = recordingProvider(async () => {
      called();
      await released;
    });
    const worker = await startDeliveryWorker({
      config: testConfig(),
      database,
      log: quietLog,
      providers: allChannels(provider),
      pollIntervalMs: 20,
      connectionString: await connectionStringOf(database),
    });
    if (!worker) throw new Error('worker not started');
    let message: { id: string } | undefined;
    try {
      const phoneNumber = randomSpanishMobile();
      const sent = await app.inject({
        method: 'POST',
        url: '/api/authentication/users/generate-otp-code',
        headers: { 'x-request-id': 'trace-otp-0001' },
        payload: { phoneNumber },
      });
      expect(sent.statusCode).toBe(200);
      expect(sent.headers['x-request-id']).toBe('trace-otp-0001');
      [message] = await database.db.select().from(outbox).where(eq(outbox.recipient, phoneNumber));
      const id = message?.id;
      if (!id) throw new Error('no message queued');
      await calledOnce;
      if (database.kind === 'postgres') {
        const jobs = await database.db.execute(
          sql`select payload from graphile_worker._private_jobs where key = ${`outbox:${id}`}`,
        );
        const rows = (jobs as unknown as { rows: { payload: unknown }[] }).rows;
        expect(rows.map((row) => row.payload)).toEqual([{ id, requestId: 'trace-otp-0001' }]);
        expect(requestIdOfMessage(id, true)).toBe('trace-otp-0001');
      }
      release();
      await expect
        .poll(() => logs.withMessage('message delivery recorded').filter((l) => l.outboxId === id))
        .toHaveLength(1);
    } finally {
      release();
      await worker.stop();
    }
    try {
      const [line] = logs.withMessage('message delivery recorded').filter((l) => l.outboxId === message?.id);
      expect(line).toMatchObject({ reqId: 'trace-otp-0001', channel: 'sms', status: 'sent', attempt: 1 });
      // Counted by channel and outcome.
      const metrics = await app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) });
      expect(metrics.body).toMatch(/casaoferta_deliveries_total\{channel="sms",outcome="sent"\} 1/);
      // The request's own log lines carry the same id.
      expect(logs.lines.some((l) => l.reqId === 'trace-otp-0001' && l.msg === 'request completed')).toBe(
        true,
      );
    } finally {
      await app.close();
    }
  });
});
