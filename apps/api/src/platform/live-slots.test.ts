import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { openPostgres, type Database } from '../db/client';
import { createAnnouncement } from '../db/factories';
import { testConfig } from '../test/helpers';
import { withDatabase } from '../test/database-url';
import { bearer, userWithSession } from '../test/auth-helpers';
import { lockKeyOf, warnIfLockTableSmall } from './live-slots';

/**
 * The live-stream caps counted across processes (issue 25 point 6, decision 034): two API instances,
 * each with its own pool and its own connection for the slots, on one PostgreSQL database. Every stream
 * is a real socket; every wait is for a state (the locks PostgreSQL holds), never for a time.
 */

const PER_ADDRESS = 3;
const PER_USER = 2;
const TOTAL = 5;

const postgres = inject('postgresTemplate');

interface Instance {
  app: FastifyInstance;
  database: Database;
  port: number;
}

let url: string;
let admin: pg.Client;
let a: Instance;
let b: Instance;
let announcementId: string;
let token: string;

async function start(): Promise<Instance> {
  const database = openPostgres(url, 5);
  const app = await buildApp({
    config: testConfig({
      LIVE_STREAMS_PER_ADDRESS: String(PER_ADDRESS),
      LIVE_STREAMS_PER_USER: String(PER_USER),
      LIVE_STREAMS_TOTAL: String(TOTAL),
    }),
    database,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database, port: (app.server.address() as AddressInfo).port };
}

interface Opened {
  status: number;
  code: string | null;
  close(): void;
}

/** A stream on its own connection from `localAddress`: its status (and error code when refused). */
function open(instance: Instance, localAddress: string, sessionToken?: string): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const request = http.get({
      host: '127.0.0.1',
      port: instance.port,
      localAddress,
      agent: false,
      path: `/api/announcement/${announcementId}/events`,
      headers: sessionToken ? bearer(sessionToken) : {},
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status === 200) {
        resolve({ status, code: null, close: () => request.destroy() });
        return;
      }
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { errors: { code: string }[] };
        resolve({ status, code: body.errors[0]?.code ?? null, close: () => request.destroy() });
      });
    });
  });
}

/** Advisory locks held on the database now (the streams' slots: one per cap of each open stream). */
async function locksHeld(): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    `select count(*)::int as n from pg_locks where locktype = 'advisory' and granted
      and database = (select oid from pg_database where datname = current_database())`,
  );
  return rows[0]?.n ?? -1;
}

async function closeAll(streams: Opened[]) {
  for (const stream of streams) stream.close();
  await expect.poll(locksHeld).toBe(0);
}

describe.runIf(postgres)('live-stream caps across two API processes on one PostgreSQL', () => {
  beforeAll(async () => {
    if (!postgres) return;
    const name = `${postgres.prefix}${randomBytes(6).toString('hex')}`;
    const creator = new pg.Client({ connectionString: postgres.url });
    await creator.connect();
    await creator.query(`CREATE DATABASE ${name} TEMPLATE ${postgres.template}`);
    await creator.end();
    url = withDatabase(postgres.url, name);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    a = await start();
    b = await start();
    const owner = await userWithSession(a.database.db, { name: 'Olga', surname: 'Dueña' });
    ({
      announcement: { id: announcementId },
    } = await createAnnouncement(a.database.db, owner.user.id));
    ({ token } = await userWithSession(a.database.db, { name: 'Ana', surname: 'Primera' }));
  }, 60_000);
  afterAll(async () => {
    for (const instance of [a, b]) {
      await instance.app.close();
      await instance.database.close();
    }
    await admin.end();
  });

  it(`refuses a client address's stream past ${PER_ADDRESS} open in both processes together`, async () => {
    const streams = [await open(a, '127.0.0.1'), await open(b, '127.0.0.1'), await open(a, '127.0.0.1')];
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    // Each process alone holds fewer than the cap: only the other's count refuses these.
    const refusedOnB = await open(b, '127.0.0.1');
    const refusedOnA = await open(a, '127.0.0.1');
    expect([refusedOnB.status, refusedOnB.code]).toEqual([503, 'LIVE_STREAMS_FULL']);
    expect([refusedOnA.status, refusedOnA.code]).toEqual([503, 'LIVE_STREAMS_FULL']);
    // Another address is not refused; a closed stream frees its slot for the other process.
    const other = await open(b, '127.0.0.2');
    expect(other.status).toBe(200);
    streams[0]?.close();
    await expect.poll(async () => await open(b, '127.0.0.1').then((s) => (s.close(), s.status))).toBe(200);
    await closeAll([...streams, other]);
  });

  it(`refuses a signed-in person's stream past ${PER_USER} open across processes and addresses`, async () => {
    const first = await open(a, '127.0.0.3', token);
    const second = await open(b, '127.0.0.4', token);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await open(a, '127.0.0.5', token);
    expect([third.status, third.code]).toEqual([503, 'LIVE_STREAMS_FULL']);
    await closeAll([first, second]);
  });

  it(`opens exactly ${TOTAL} of 12 streams asked at once through both processes`, async () => {
    const asked = Array.from({ length: 12 }, (_, i) => open(i % 2 === 0 ? a : b, `127.0.1.${i + 1}`));
    const streams = await Promise.all(asked);
    const opened = streams.filter((s) => s.status === 200);
    expect(opened).toHaveLength(TOTAL);
    expect(streams.filter((s) => s.code === 'LIVE_STREAMS_FULL')).toHaveLength(12 - TOTAL);
    // Each open anonymous stream holds two slots in PostgreSQL: its address's and the total's.
    expect(await locksHeld()).toBe(TOTAL * 2);
    await closeAll(streams);
  });

  it("frees a process's slots when its connection dies (a process killed), and that process takes again what it can", async () => {
    const held = [await open(a, '127.0.0.6'), await open(a, '127.0.0.6'), await open(a, '127.0.0.6')];
    expect(held.map((s) => s.status)).toEqual([200, 200, 200]);
    expect((await open(b, '127.0.0.6')).code).toBe('LIVE_STREAMS_FULL');
    // PostgreSQL ends A's slots connection, as it would when A's process dies: its locks go with it.
    await admin.query(
      `select pg_terminate_backend(pid) from (select distinct pid from pg_locks
        where locktype = 'advisory' and granted and pid <> pg_backend_pid()) p`,
    );
    await expect.poll(locksHeld).toBe(0);
    const onB = await open(b, '127.0.0.6');
    expect(onB.status).toBe(200);
    // A opens a new connection on its next stream, taking again the slots of its three streams still
    // open (one is now B's too): the address is full for both.
    const onA = await open(a, '127.0.0.7');
    expect(onA.status).toBe(200);
    expect((await open(a, '127.0.0.6')).code).toBe('LIVE_STREAMS_FULL');
    expect((await open(b, '127.0.0.6')).code).toBe('LIVE_STREAMS_FULL');
    await closeAll([...held, onB, onA]);
  });

  it("warns when the streams at LIVE_STREAMS_TOTAL could take over half of PostgreSQL's lock table", async () => {
    const warnings: string[] = [];
    const log = { warn: (_object: object, message: string) => warnings.push(message) };
    const caps = (total: number) => ({ perAddress: 1, perUser: 1, total });
    await warnIfLockTableSmall(admin, caps(10), log);
    expect(warnings).toEqual([]);
    await warnIfLockTableSmall(admin, caps(1_000_000), log);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/max_locks_per_transaction/);
  });

  it('names each cap of a key by its own lock key', () => {
    expect(lockKeyOf('address', '127.0.0.1')).not.toBe(lockKeyOf('user', '127.0.0.1'));
    expect(Number.isInteger(lockKeyOf('total', ''))).toBe(true);
  });
});
