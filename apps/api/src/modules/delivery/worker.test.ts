import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outbox } from '../../db/schema/index';
import { loadConfig } from '../../config';
import { enqueueMessage } from '../../platform/outbox';
import { createTestDatabase } from '../../test/helpers';
import { claimDue, deliverClaimed, EXPIRED, type DeliveryPolicy } from './deliver';
import { testSecretKeys } from '../../test/auth-helpers';
import { providersFromConfig } from './configured-providers';
import type { RunningWorker } from './poller';
import type { Providers } from './providers';
import {
  allChannels,
  allSettled,
  connectionStringOf,
  fastPolicy,
  permanent,
  queue,
  quietLog,
  recordingProvider,
  rowOf,
  rowsOf,
  startWorker,
  temporary,
} from './test-support';
import { startDeliveryWorker } from './worker';
import { sweepOutbox } from './queue';

let database: Database;
const running: RunningWorker[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((worker) => worker.stop()));
});
afterAll(() => database.close());

const db = () => database.db;
const sms = (recipient: string, body = 'Tu código de Casaoferta es 123456') => ({
  channel: 'sms' as const,
  recipient,
  body,
});
const start = async (providers: Providers, policy?: DeliveryPolicy) => {
  const worker = await startWorker(database, providers, policy);
  running.push(worker);
  return worker;
};

describe(`delivery worker (${process.env.TEST_DB_KIND ?? 'pglite'})`, () => {
  it('sends what the outbox holds and records the provider, its id and the attempt', async () => {
    const provider = recordingProvider();
    await start(allChannels(provider));
    const ids = await queue(db(), [
      sms('+34600000001'),
      { ...sms('ana@example.com'), channel: 'email', subject: 'Hola' },
    ]);
    await allSettled(db(), ids);
    const rows = await rowsOf(db(), ids);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'sent',
        attempts: 1,
        provider: 'recording',
        providerMessageId: `rec-${row.id}`,
        lastError: null,
        claimedUntil: null,
      });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
    expect(provider.sent.map((m) => m.recipient).sort()).toEqual(['+34600000001', 'ana@example.com']);
  });

  it('fails a login code that expired while it waited, without sending it; sends one still valid', async () => {
    const provider = recordingProvider();
    const ids = await queue(db(), [
      { ...sms('+34600000091'), expiresAt: new Date(Date.now() - 1000) },
      { ...sms('+34600000092'), expiresAt: new Date(Date.now() + 300_000) },
    ]);
    await start(allChannels(provider));
    await allSettled(db(), ids);
    const [stale, fresh] = await Promise.all(ids.map((id) => rowOf(db(), id)));
    expect(stale).toMatchObject({ status: 'failed', attempts: 1, lastError: EXPIRED, sentAt: null });
    expect(fresh).toMatchObject({ status: 'sent' });
    expect(provider.sent.map((m) => m.recipient)).toEqual(['+34600000092']);
  });

  it('retries a temporary failure after its back-off, keeping the error meanwhile', async () => {
    let failing = true;
    const provider = recordingProvider(() => {
      if (failing) throw temporary('421 inténtelo más tarde');
    });
    const [id = ''] = await queue(db(), [sms('+34600000002')]);
    await start(allChannels(provider), { ...fastPolicy(5), backoffMs: () => 300 });
    await vi.waitFor(
      async () =>
        expect(await rowOf(db(), id)).toMatchObject({
          status: 'queued',
          attempts: 1,
          lastError: '421 inténtelo más tarde',
        }),
      { timeout: 10_000 },
    );
    failing = false;
    await allSettled(db(), [id]);
    expect(await rowOf(db(), id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('fails after the last attempt of a temporary fault, and at once on a permanent one', async () => {
    const provider = recordingProvider((message) => {
      throw message.recipient.endsWith('3') ? temporary('timeout') : permanent('número no válido');
    });
    const [flaky = '', invalid = ''] = await queue(db(), [sms('+34600000003'), sms('+34600000004')]);
    await start(allChannels(provider), fastPolicy(3));
    await allSettled(db(), [flaky, invalid]);
    expect(await rowOf(db(), flaky)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'timeout' });
    expect(await rowOf(db(), invalid)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'número no válido',
    });
  });

  it('two workers on one database send each message once', async () => {
    const seen = new Map<string, number>();
    const provider = recordingProvider(async (message) => {
      seen.set(message.id, (seen.get(message.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 2));
    });
    const ids = await queue(
      db(),
      Array.from({ length: 200 }, (_, i) => sms(`+34611${String(i).padStart(6, '0')}`)),
    );
    await Promise.all([start(allChannels(provider)), start(allChannels(provider))]);
    await allSettled(db(), ids, 30_000);
    expect(seen.size).toBe(200);
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
    expect((await rowsOf(db(), ids)).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('survives a restart: what was queued while stopped and a claim left mid-send are delivered', async () => {
    const first = recordingProvider();
    const worker = await startWorker(database, allChannels(first));
    await worker.stop();
    const [waiting = '', interrupted = ''] = await queue(db(), [sms('+34600000005'), sms('+34600000006')]);
    // A worker claimed the second one and stopped without a word (a crash): its lease runs out.
    await db()
      .update(outbox)
      .set({ status: 'sending', attempts: 1, claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, interrupted));
    const second = recordingProvider();
    await start(allChannels(second));
    await allSettled(db(), [waiting, interrupted]);
    expect(second.sent.map((m) => m.id).sort()).toEqual([waiting, interrupted].sort());
    expect(await rowOf(db(), interrupted)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it.skipIf(process.env.TEST_DB_KIND !== 'postgres')(
    'the sweep gives a job again to a message whose job was lost, which then goes out once (PostgreSQL)',
    async () => {
      const provider = recordingProvider();
      await start(allChannels(provider));
      // Claimed by a worker that died mid-send, its job gone with it (inserted as such: no job is made).
      const [lost] = await db()
        .insert(outbox)
        .values({
          ...sms('+34600000010'),
          status: 'sending',
          attempts: 1,
          claimedUntil: sql`now() - interval '1 second'`,
        })
        .returning({ id: outbox.id });
      if (!lost) throw new Error('not inserted');
      expect(await sweepOutbox(db())).toBeGreaterThanOrEqual(1);
      await allSettled(db(), [lost.id]);
      expect(await rowOf(db(), lost.id)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(provider.sent.filter((m) => m.id === lost.id)).toHaveLength(1);
    },
  );

  it('keeps a result the database could not record and records it when it answers: sent once (decision 030)', async () => {
    const [id = ''] = await queue(db(), [sms('+34600000011')]);
    const [claimed] = await claimDue(db(), 10, 60_000);
    if (!claimed) throw new Error('not claimed');
    expect(claimed.id).toBe(id);
    // The database is away for the first two tries to record the result (a restart).
    let refusals = 2;
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const real = db();
    const flaky = new Proxy(real, {
      get(target, property, receiver) {
        if (property === 'update' && refusals > 0) {
          refusals -= 1;
          const failing = { returning: () => Promise.reject(refused) };
          return () => ({ set: () => ({ where: () => failing }) });
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const provider = recordingProvider();
    const failures: unknown[] = [];
    const outcome = await deliverClaimed(
      flaky,
      allChannels(provider),
      fastPolicy(),
      await testSecretKeys(),
      claimed,
      {
        onRecordFailed: (error) => failures.push(error),
      },
    );
    expect(outcome).toMatchObject({ status: 'sent' });
    expect(failures).toEqual([refused, refused]);
    expect(provider.calls).toBe(1);
    expect(await rowOf(db(), id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('records nothing for a claim it lost, and claims a row once', async () => {
    const [id = ''] = await queue(db(), [sms('+34600000007')]);
    // Only this message is due now: the others of this file are settled.
    const [claimed] = await claimDue(db(), 10, 60_000);
    expect(claimed?.id).toBe(id);
    expect(await claimDue(db(), 10, 60_000)).toEqual([]);
    if (!claimed) return;
    // Another worker took it over after the lease (simulated): the first one's result is not recorded.
    await db().update(outbox).set({ attempts: 2 }).where(eq(outbox.id, id));
    const provider = recordingProvider();
    expect(
      await deliverClaimed(db(), allChannels(provider), fastPolicy(), await testSecretKeys(), claimed),
    ).toBeNull();
    expect(await rowOf(db(), id)).toMatchObject({ status: 'sending', attempts: 2, provider: null });
    await db().update(outbox).set({ status: 'failed' }).where(eq(outbox.id, id));
  });
});

describe('the development configuration', () => {
  it('delivers to the outbox only: no connection leaves the process', async () => {
    const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
    const providers = providersFromConfig(config);
    expect([providers.sms.name, providers.email.name, providers.whatsapp.name]).toEqual([
      'outbox',
      'outbox',
      'outbox',
    ]);
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const worker = await startDeliveryWorker({
        config: { ...config, DELIVERY_CONCURRENCY: 2 },
        database,
        log: quietLog,
        pollIntervalMs: 20,
        connectionString: await connectionStringOf(database),
        // Not the development DATA_DIR's key file: the tests' own.
        keys: await testSecretKeys(),
      });
      if (!worker) throw new Error('the development configuration runs the worker');
      running.push(worker);
      const before = connect.mock.calls.length;
      await enqueueMessage(db(), sms('+34600000008'));
      await enqueueMessage(db(), {
        channel: 'email',
        recipient: 'dev@example.com',
        subject: 'Hola',
        body: 'Hola',
      });
      await enqueueMessage(db(), { channel: 'whatsapp', recipient: '+34600000008', body: 'Hola' });
      const rows = await db()
        .select()
        .from(outbox)
        .where(inArray(outbox.recipient, ['+34600000008', 'dev@example.com']));
      expect(rows).toHaveLength(3);
      const ids = rows.map((r) => r.id);
      await allSettled(db(), ids);
      const settled = await rowsOf(db(), ids);
      expect(settled.every((r) => r.status === 'sent' && r.provider === 'outbox')).toBe(true);
      // No socket at all on PGlite; on PostgreSQL only the queue's own, to the local database server.
      const hosts = connect.mock.calls.slice(before).map((call) => {
        const [target, second] = call as unknown[];
        if (typeof target === 'object' && target !== null && 'host' in target) return String(target.host);
        return typeof second === 'string' ? second : 'localhost';
      });
      if (database.kind === 'pglite') expect(hosts).toEqual([]);
      expect(hosts.filter((host) => !['127.0.0.1', 'localhost', '::1'].includes(host))).toEqual([]);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      connect.mockRestore();
      fetchSpy.mockRestore();
    }
  });
});
