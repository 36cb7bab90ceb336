// Messages per offer reaching the other side live (issue 27 point 1, decision 038: p99 < 1 s from a
// message's 2xx to its event on the other side's stream, with 1,000 conversations open). A fresh
// database on BENCH_DATABASE_URL's server (default: local PostgreSQL), the API in its own process,
// BENCH_CONVERSATIONS (1,000) pairs of an owner (with a published rental) and a candidate (with an offer
// on it); each owner follows their conversation's stream (1,000 server-sent-event streams, opened over
// loopback from this process); then every candidate writes one message: the first BENCH_SEQUENTIAL (200)
// one after another, the rest BENCH_CONCURRENCY (20) at a time. For each message: the time from the
// POST's 2xx to the `message` event on its owner's stream (an event before the 2xx counts as 0 ms).
//
// The streams come from several loopback addresses (127.0.0.2, .3, …): the API allows 32 open streams per
// client address, as it would for 1,000 people at their own addresses.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { sha256 } from '../apps/api/src/platform/tokens';
import { startApiProcess, stopProcess, waitForAnswer } from './support/api-process';
import { browserHeaders } from './support/browser-headers';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const conversations = Number(process.env.BENCH_CONVERSATIONS ?? 1_000);
const sequential = Math.min(conversations, Number(process.env.BENCH_SEQUENTIAL ?? 200));
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 20);
const perAddress = 32;
const port = 19000 + Math.floor(Math.random() * 100);
const dbName = `casaoferta_bench_messages_${Date.now()}`;
const withDb = (name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

interface Pair {
  offerId: string;
  ownerToken: string;
  candidateToken: string;
}

/** `count` owners with a published rental each, and as many candidates with an offer on it. */
async function seed(url: string, count: number): Promise<Pair[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const pairs = Array.from({ length: count }, (_, n) => ({
      n: n + 1,
      ownerId: randomUUID(),
      candidateId: randomUUID(),
      propertyId: randomUUID(),
      announcementId: randomUUID(),
      offerId: randomUUID(),
      ownerToken: `bench-${randomUUID()}`,
      candidateToken: `bench-${randomUUID()}`,
    }));
    const column = <K extends keyof (typeof pairs)[number]>(key: K) => pairs.map((p) => p[key]);
    await client.query(
      `insert into users (id, name, surname, phone_number)
       select u.id, 'Olga', 'Dueña ' || u.n, '+3470' || lpad(u.n::text, 7, '0') from unnest($1::uuid[]) with ordinality u(id, n)
       union all
       select u.id, 'Lucas', 'Candidato ' || u.n, '+3471' || lpad(u.n::text, 7, '0') from unnest($2::uuid[]) with ordinality u(id, n)`,
      [column('ownerId'), column('candidateId')],
    );
    await client.query(
      `insert into sessions (token_hash, user_id, kind, idle_timeout_seconds, expires_at)
       select s.hash, s.user_id, 'user', 30 * 24 * 3600, now() + interval '90 days'
       from unnest($1::text[], $2::uuid[]) s(hash, user_id)`,
      [
        [...pairs.map((p) => sha256(p.ownerToken)), ...pairs.map((p) => sha256(p.candidateToken))],
        [...column('ownerId'), ...column('candidateId')],
      ],
    );
    await client.query(
      `insert into properties (id, owner_id, reference, street, province_code, municipality_code,
         property_type_code, surface_m2, rooms, bathrooms, features, validation_status)
       select p.id, p.owner, 'B-MSG-' || p.n, 'Calle Mayor ' || p.n, '28', '28079', 'PTY001', 70, 2, 1, '{PAF001}', 'PSG001'
       from unnest($1::uuid[], $2::uuid[]) with ordinality p(id, owner, n)`,
      [column('propertyId'), column('ownerId')],
    );
    await client.query(
      `insert into announcements (id, property_id, owner_id, type_code, offer_type_code, status_code, price,
         custom_title, published_at, ends_at, province_code, municipality_code, rooms, surface_m2, features,
         reference, bathrooms, property_type_code, municipality_name, province_name, search_text)
       select a.id, a.property, a.owner, 'ATY002', 'AOT001', 'AST001', 1000, 'Piso en Madrid ' || a.n, now(),
         now() + interval '30 days', '28', '28079', 2, 70, '{PAF001}', 'B-MSG-' || a.n, 1, 'PTY001', 'Madrid',
         'Madrid', 'piso en madrid'
       from unnest($1::uuid[], $2::uuid[], $3::uuid[]) with ordinality a(id, property, owner, n)`,
      [column('announcementId'), column('propertyId'), column('ownerId')],
    );
    await client.query(
      `insert into offers (id, announcement_id, candidate_id, amount)
       select o.id, o.announcement, o.candidate, 1000 from unnest($1::uuid[], $2::uuid[], $3::uuid[]) o(id, announcement, candidate)`,
      [column('offerId'), column('announcementId'), column('candidateId')],
    );
    return pairs.map((p) => ({
      offerId: p.offerId,
      ownerToken: p.ownerToken,
      candidateToken: p.candidateToken,
    }));
  } finally {
    await client.end();
  }
}

/** When each message (by id) reached its stream (performance.now()), and who waits for which. */
const arrivals = new Map<number, number>();
const waiters = new Map<number, () => void>();
const streams: http.IncomingMessage[] = [];

function follow(pair: Pair, index: number): Promise<void> {
  const localAddress = `127.0.0.${2 + Math.floor(index / perAddress)}`;
  return new Promise((resolve, reject) => {
    const request = http.get({
      host: '127.0.0.1',
      port,
      localAddress,
      agent: false,
      path: `/api/offer/${pair.offerId}/conversation/events`,
      headers: browserHeaders({ accept: 'text/event-stream', session: pair.ownerToken }),
    });
    request.on('error', reject);
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`stream ${index}: HTTP ${response.statusCode}`));
        return;
      }
      streams.push(response);
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const now = performance.now();
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .find((line) => line.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (!data) continue;
          const event = JSON.parse(data.slice(6)) as { type: string; messageId?: number };
          if (event.type === 'ready') resolve();
          if (event.type !== 'message' || event.messageId === undefined) continue;
          arrivals.set(event.messageId, now);
          waiters.get(event.messageId)?.();
        }
      });
      response.on('error', () => undefined);
    });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

interface Sample {
  fromTwoXx: number;
  api: number;
  missing: boolean;
}

/** One candidate's message; resolves once its owner's stream has it (or after 10 s: missing). */
async function post(pair: Pair, n: number): Promise<Sample> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/offer/${pair.offerId}/messages`, {
    method: 'POST',
    headers: browserHeaders({ json: true, session: pair.candidateToken }),
    body: JSON.stringify({ id: randomUUID(), text: `Hola, ¿sigue disponible? (${n})` }),
  });
  const answered = performance.now();
  const body = (await response.json()) as { data?: { id: number } };
  if (response.status !== 201 || !body.data) throw new Error(`message ${n}: HTTP ${response.status}`);
  const id = body.data.id;
  if (!arrivals.has(id)) {
    await Promise.race([
      new Promise<void>((resolve) => waiters.set(id, resolve)),
      new Promise((resolve) => setTimeout(resolve, 10_000)),
    ]);
    waiters.delete(id);
  }
  const at = arrivals.get(id);
  return {
    fromTwoXx: at === undefined ? NaN : Math.max(0, at - answered),
    api: answered - started,
    missing: at === undefined,
  };
}

function report(label: string, samples: Sample[]): boolean {
  const received = samples.filter((s) => !s.missing).map((s) => s.fromTwoXx);
  received.sort((a, b) => a - b);
  const api = samples.map((s) => s.api).sort((a, b) => a - b);
  const missing = samples.length - received.length;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `${label}: ${samples.length} messages, ${missing} missing; 2xx → event p50 ${ms(percentile(received, 50))} ` +
      `p99 ${ms(percentile(received, 99))} max ${ms(received.at(-1) ?? NaN)}; POST p50 ${ms(percentile(api, 50))} ` +
      `p99 ${ms(percentile(api, 99))}`,
  );
  return missing === 0 && percentile(received, 99) < 1_000;
}

console.log(
  `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = withDb(dbName);
// Room for every stream of the run (the default total is 1,000 per deployment, decision 034).
const api = startApiProcess(url, port, 'warn', {
  env: { LIVE_STREAMS_TOTAL: String(conversations + 100), DELIVERY_WORKER: 'off' },
});
let met = false;
try {
  await waitForAnswer(`http://127.0.0.1:${port}/api/health`, api);
  const pairs = await seed(url, conversations);
  const openStarted = performance.now();
  for (let i = 0; i < pairs.length; i += 100) {
    await Promise.all(pairs.slice(i, i + 100).map((pair, k) => follow(pair, i + k)));
  }
  console.log(
    `${streams.length} conversation streams open in ${((performance.now() - openStarted) / 1000).toFixed(2)} s`,
  );

  const one: Sample[] = [];
  for (let n = 0; n < sequential; n++) {
    const pair = pairs[n];
    if (pair) one.push(await post(pair, n));
  }
  const burst: Sample[] = [];
  let next = sequential;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const n = next++;
        const pair = pairs[n];
        if (!pair) return;
        burst.push(await post(pair, n));
      }
    }),
  );
  const a = report(`one at a time (${sequential})`, one);
  const b = report(`${concurrency} at a time (${burst.length})`, burst);
  const all = report('all', [...one, ...burst]);
  met = a && b && all;
  console.log(met ? 'goal met: p99 < 1 s, none missing' : 'GOAL MISSED: p99 ≥ 1 s or messages missing');
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  for (const stream of streams) stream.destroy();
  await stopProcess(api);
  if (process.env.BENCH_KEEP === '1') console.log(`kept database ${dbName}`);
  else await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
process.exit(met ? 0 : 1);
