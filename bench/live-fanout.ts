// Live fan-out on PostgreSQL (issue 10 "Numbers", decision 015: p99 < 1 s from an offer's 2xx to its
// event at every subscriber). A fresh database on BENCH_DATABASE_URL's server (default: local
// PostgreSQL), the API in its own process, BENCH_SUBSCRIBERS (1,000) server-sent-event streams on one
// announcement opened over loopback from this process, then BENCH_OFFERS (30) offers one after another,
// each by another candidate. For each offer and subscriber: the time from the POST's 2xx to the
// `summary` that carries the new count. An event that arrives before the 2xx itself (PostgreSQL
// delivers the NOTIFY on commit, the API answers after one more read) counts as 0 ms; how many did is
// printed, and so is the time from the request's start.
//
// The streams come from several loopback addresses (127.0.0.2, .3, …): the API allows 32 open streams per
// client address (live-routes.ts), as it would for 1,000 people at their own addresses.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { seedCandidates, startApiProcess } from './support/api-process';
import { browserHeaders } from './support/browser-headers';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const subscriberCount = Number(process.env.BENCH_SUBSCRIBERS ?? 1_000);
const offerCount = Number(process.env.BENCH_OFFERS ?? 30);
const perAddress = 32;
const rentPrice = 1_000;
const port = 18900 + Math.floor(Math.random() * 100);
const dbName = `casaoferta_bench_live_${Date.now()}`;
const withDb = (name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Seeded {
  announcementId: string;
  candidates: string[];
}

/** One owner's published rental and `candidates` users with a session each (their tokens). */
async function seed(url: string, candidates: number): Promise<Seeded> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ownerId = randomUUID();
    await client.query(
      `insert into users (id, name, surname, phone_number) values ($1, 'Propietaria', 'Bench', '+34700000001')`,
      [ownerId],
    );
    const propertyId = randomUUID();
    await client.query(
      `insert into properties (id, owner_id, reference, street, province_code, municipality_code,
        property_type_code, surface_m2, rooms, bathrooms, features, validation_status)
      values ($1, $2, 'B-LIVE', 'Calle Mayor 1', '28', '28079', 'PTY001', 70, 2, 1, '{PAF001}', 'PSG001')`,
      [propertyId, ownerId],
    );
    const announcementId = randomUUID();
    await client.query(
      `insert into announcements (id, property_id, owner_id, type_code, offer_type_code, status_code, price,
        custom_title, published_at, ends_at, province_code, municipality_code, rooms, surface_m2, features,
        reference, bathrooms, property_type_code, municipality_name, province_name, search_text)
      values ($1, $2, $3, 'ATY002', 'AOT001', 'AST001', $4, 'Piso en Madrid', now(), now() + interval '30 days',
        '28', '28079', 2, 70, '{PAF001}', 'B-LIVE', 1, 'PTY001', 'Madrid', 'Madrid', 'piso en madrid')`,
      [announcementId, propertyId, ownerId, rentPrice],
    );
    const rows = await seedCandidates(client, candidates);
    return { announcementId, candidates: rows.map((r) => r.token) };
  } finally {
    await client.end();
  }
}

async function waitForHealth(api: ChildProcess) {
  for (let i = 0; i < 1200; i++) {
    if (api.exitCode !== null) throw new Error('the API exited');
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(50);
  }
  throw new Error('API did not start');
}

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : null;
}

interface Subscriber {
  /** When the summary with this many offers arrived (performance.now()). */
  arrivals: Map<number, number>;
  response: http.IncomingMessage;
}

/** Waiters for "every subscriber has the summary with `count` offers". */
const waiters = new Map<number, { left: number; resolve: () => void }>();

function subscribe(announcementId: string, index: number): Promise<Subscriber> {
  const localAddress = `127.0.0.${2 + Math.floor(index / perAddress)}`;
  return new Promise((resolve, reject) => {
    const request = http.get({
      host: '127.0.0.1',
      port,
      localAddress,
      agent: false,
      path: `/api/announcement/${announcementId}/events`,
      headers: browserHeaders({ accept: 'text/event-stream' }),
    });
    request.on('error', reject);
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`subscriber ${index}: HTTP ${response.statusCode}`));
        return;
      }
      const subscriber: Subscriber = { arrivals: new Map(), response };
      let buffer = '';
      let first = true;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const now = performance.now();
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (!data) continue;
          const event = JSON.parse(data.slice(6)) as { type: string; offersCount?: number };
          if (event.type !== 'summary' || event.offersCount === undefined) continue;
          if (first) {
            first = false;
            resolve(subscriber);
            continue;
          }
          if (subscriber.arrivals.has(event.offersCount)) continue;
          subscriber.arrivals.set(event.offersCount, now);
          const waiter = waiters.get(event.offersCount);
          if (waiter) {
            waiter.left -= 1;
            if (waiter.left === 0) waiter.resolve();
          }
        }
      });
      response.on('error', () => undefined);
    });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

async function run(announcementId: string, tokens: string[], api: ChildProcess) {
  const rssBefore = rssMb(api.pid);
  const openStarted = performance.now();
  const subscribers: Subscriber[] = [];
  // In batches of 100, each subscriber waiting for its first summary.
  for (let i = 0; i < subscriberCount; i += 100) {
    const batch = Array.from({ length: Math.min(100, subscriberCount - i) }, (_, k) =>
      subscribe(announcementId, i + k),
    );
    subscribers.push(...(await Promise.all(batch)));
  }
  const openMs = performance.now() - openStarted;
  await sleep(500);
  const rssOpen = rssMb(api.pid);
  console.log(
    `${subscriberCount} subscribers open in ${(openMs / 1000).toFixed(2)} s (first summary received by each); ` +
      `API RSS ${rssBefore?.toFixed(0)} MB → ${rssOpen?.toFixed(0)} MB`,
  );

  const fromTwoXx: number[] = [];
  const fromStart: number[] = [];
  let beforeTwoXx = 0;
  let missing = 0;
  const apiMs: number[] = [];
  /** Per offer: from the first subscriber's event to the last one's (the fan-out's own spread). */
  const spreads: number[] = [];
  for (let n = 1; n <= offerCount; n++) {
    const token = tokens[n - 1];
    if (!token) throw new Error('not enough candidates');
    let resolveAll: () => void = () => undefined;
    const all = new Promise<void>((resolve) => {
      resolveAll = resolve;
    });
    waiters.set(n, { left: subscriberCount, resolve: resolveAll });
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/announcement/${announcementId}/offers`, {
      method: 'POST',
      headers: browserHeaders({ json: true, session: token }),
      body: JSON.stringify({
        id: randomUUID(),
        amount: rentPrice + 10 * n,
        offerPaymentType: 'OPT000',
        nif: '12345678Z',
        typeContractCode: 'UTC001',
        salary: 2_400,
      }),
    });
    const answered = performance.now();
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`offer ${n}: HTTP ${response.status}`);
    apiMs.push(answered - started);
    // Every subscriber gets it, or 10 s pass (then the ones without it count as missing).
    await Promise.race([all, sleep(10_000)]);
    waiters.delete(n);
    let first = Infinity;
    let last = -Infinity;
    for (const subscriber of subscribers) {
      const at = subscriber.arrivals.get(n);
      if (at !== undefined) {
        first = Math.min(first, at);
        last = Math.max(last, at);
      }
      if (at === undefined) {
        missing += 1;
        continue;
      }
      if (at < answered) beforeTwoXx += 1;
      fromTwoXx.push(Math.max(0, at - answered));
      fromStart.push(at - started);
    }
    if (last >= first) spreads.push(last - first);
    await sleep(100);
  }
  const rssAfter = rssMb(api.pid);
  for (const subscriber of subscribers) subscriber.response.destroy();

  fromTwoXx.sort((a, b) => a - b);
  fromStart.sort((a, b) => a - b);
  apiMs.sort((a, b) => a - b);
  spreads.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `${offerCount} offers × ${subscriberCount} subscribers = ${fromTwoXx.length} events received, ${missing} missing`,
  );
  console.log(
    `2xx → event: p50 ${ms(percentile(fromTwoXx, 50))}  p99 ${ms(percentile(fromTwoXx, 99))}  ` +
      `max ${ms(fromTwoXx.at(-1) ?? NaN)}  (${beforeTwoXx} events arrived before the 2xx)`,
  );
  console.log(
    `request start → event: p50 ${ms(percentile(fromStart, 50))}  p99 ${ms(percentile(fromStart, 99))}  ` +
      `max ${ms(fromStart.at(-1) ?? NaN)};  POST offer itself: p50 ${ms(percentile(apiMs, 50))}`,
  );
  console.log(
    `first → last subscriber of one offer: p50 ${ms(percentile(spreads, 50))}  max ${ms(spreads.at(-1) ?? NaN)}`,
  );
  console.log(`API RSS after the offers: ${rssAfter?.toFixed(0)} MB`);
  const p99 = percentile(fromTwoXx, 99);
  console.log(
    p99 < 1000 && missing === 0
      ? 'goal met: p99 < 1 s, none missing'
      : 'GOAL MISSED: p99 ≥ 1 s or events missing',
  );
  return p99 < 1000 && missing === 0;
}

console.log(`${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), node ${process.version}`);
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = withDb(dbName);
const api = startApiProcess(url, port, 'warn');
let met = false;
try {
  await waitForHealth(api);
  const { announcementId, candidates } = await seed(url, offerCount);
  met = await run(announcementId, candidates, api);
} finally {
  if (api.exitCode === null) {
    const exited = new Promise((resolve) => api.on('exit', resolve));
    api.kill('SIGTERM');
    await exited;
  }
  if (process.env.BENCH_KEEP === '1') console.log(`kept database ${dbName}`);
  else await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
process.exit(met ? 0 : 1);
