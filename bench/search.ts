// Catalogue search over 100,000 published announcements on PostgreSQL (ARCHITECTURE.md §6: p95 ≤ 10 ms
// and ≥ 4,000 req/s at 50 connections; any page depth within 1.2x of page 1). Seeds a fresh database
// on BENCH_DATABASE_URL's server (default: local PostgreSQL), starts the API on it, loads it with
// autocannon over loopback, and drops the database at the end. Every request carries a browser's
// headers (bench/support/browser-headers.ts); the cached search is measured against a floor, a bare
// Fastify process sending the same pre-compressed bytes, in the same run (issue 29 point 1;
// BENCH_FLOOR_ONLY=1 stops after it). `--floor-server` is the floor's process (started by the bench).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { startApiProcess } from './support/api-process';
import { browserHeaders } from './support/browser-headers';
import { closeRawRequests, rawRequest } from './support/raw-request';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const total = Number(process.env.BENCH_ANNOUNCEMENTS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = 18800 + Math.floor(Math.random() * 100);
const floorPort = port + 100;
const dbName = `casaoferta_bench_${Date.now()}`;
const withDb = (name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`insert into users (id, name, surname, phone_number)
    select gen_random_uuid(), 'Propietario', 'Bench ' || g, '+3470' || lpad(g::text, 7, '0') from generate_series(1, 1000) g`);
  await client.query(`with m as (select array_agg(code order by code) codes, count(*)::int n from municipalities),
      o as (select array_agg(id order by id) ids from users where name = 'Propietario')
    insert into properties (id, owner_id, reference, street, province_code, municipality_code, property_type_code,
      surface_m2, rooms, bathrooms, features, validation_status)
    select gen_random_uuid(), o.ids[1 + g % 1000], 'B-' || g, 'Calle Mayor ' || g,
      substr(m.codes[1 + (g * 7919) % m.n], 1, 2), m.codes[1 + (g * 7919) % m.n], 'PTY001',
      40 + g % 160, 1 + g % 5, 1 + g % 3,
      case when g % 3 = 0 then '{PAF001,PAF002}'::text[] else '{PAF001}'::text[] end, 'PSG001'
    from generate_series(1, ${total}) g, m, o`);
  // Every home has a cover photo, as in the real catalogue (the card then carries its URLs).
  await client.query(`insert into property_images (id, property_id, position, storage_key, width, height, color)
    select i.id, i.property_id, 0, 'properties/' || i.property_id || '/' || i.id, 1280, 853, '#b7c4c1'
    from (select gen_random_uuid() id, id property_id from properties) i`);
  // The card columns as publication copies them (`refreshCards`): property, place names, cover photo.
  await client.query(`insert into announcements (id, property_id, owner_id, type_code, offer_type_code, status_code,
      price, custom_title, published_at, ends_at, province_code, municipality_code, rooms, surface_m2, features,
      pets_allowed, furnished, offers_count, search_text, cover_image_id, reference, bathrooms, property_type_code,
      municipality_name, province_name, cover_image)
    select gen_random_uuid(), p.id, p.owner_id, t.code, 'AOT001', 'AST001',
      case t.code when 'ATY003' then 60000 + (g * 37) % 900000 when 'ATY002' then 400 + (g * 13) % 2600 else 250 + (g * 7) % 600 end,
      'Piso en ' || mu.display_name, pub, pub + interval '30 days', p.province_code, p.municipality_code, p.rooms,
      p.surface_m2, p.features, g % 4 = 0, g % 2 = 0, g % 10,
      lower(translate('piso en ' || mu.display_name || ' ' || p.street, 'áéíóúüñÁÉÍÓÚÜÑàèìòùç', 'aeiouunaeiouunaeiouc')),
      i.id, p.reference, p.bathrooms, p.property_type_code, mu.display_name, pr.display_name,
      jsonb_build_object('id', i.id, 'storageKey', i.storage_key, 'width', i.width, 'height', i.height, 'color', i.color)
    from (select p.*, substr(p.reference, 3)::int g from properties p) p
    join municipalities mu on mu.code = p.municipality_code
    join provinces pr on pr.code = p.province_code
    join property_images i on i.property_id = p.id
    cross join lateral (select (array['ATY001', 'ATY002', 'ATY003'])[1 + p.g % 3] code) t
    cross join lateral (select date_trunc('milliseconds', now() - ((p.g * 2591) % 2500000) * interval '1 second') pub) x`);
  await client.query('analyze');
  await client.end();
}

async function waitForHealth(target = port) {
  for (let i = 0; i < 400; i++) {
    if (
      await fetch(`http://127.0.0.1:${target}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('API did not start');
}

const search = (body: object) =>
  fetch(`http://127.0.0.1:${port}/api/announcement/search`, {
    method: 'POST',
    headers: browserHeaders({ json: true }),
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<{ data: { nextCursor: string | null } }>);

/**
 * `bodies` cycle per connection; a function makes a new body for every request instead. Every request
 * carries a browser's headers (accept-encoding included: the answers are compressed as a browser gets
 * them). `target` is the port to load (the floor's for the floor).
 */
async function load(name: string, bodies: object[] | (() => object), target = port) {
  const request = (body: () => object) => ({
    method: 'POST' as const,
    path: '/api/announcement/search',
    headers: browserHeaders({ json: true }),
    setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(body()) }),
  });
  const result = await autocannon({
    url: `http://127.0.0.1:${target}`,
    connections: 50,
    duration: seconds,
    requests: typeof bodies === 'function' ? [request(bodies)] : bodies.map((body) => request(() => body)),
  });
  const ok = result.non2xx === 0 && result.errors === 0;
  console.log(
    `${name.padEnd(34)} ${Math.round(result.requests.average).toString().padStart(6)} req/s  p50 ${result.latency.p50} ms  p95 ${result.latency.p97_5 >= 0 ? percentile95(result) : '?'} ms  p99 ${result.latency.p99} ms${ok ? '' : `  (${result.non2xx} non-2xx, ${result.errors} errors)`}`,
  );
  return result;
}

// autocannon reports p90 and p97.5; p95 is interpolated between them.
const percentile95 = (r: autocannon.Result) => ((r.latency.p90 + r.latency.p97_5) / 2).toFixed(1);

async function pageDepth(filters: object, depth: number) {
  let cursor: string | null = null;
  for (let page = 1; page < depth; page++) {
    const res: { data: { nextCursor: string | null } } = await search({
      ...filters,
      ...(cursor ? { cursor } : {}),
    });
    cursor = res.data.nextCursor;
  }
  const timeOf = async (body: object) => {
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      await search(body);
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[100] ?? 0;
  };
  const first = await timeOf(filters);
  const deep = await timeOf({ ...filters, ...(cursor ? { cursor } : {}) });
  console.log(
    `page 1 vs page ${depth} (median of 200, one connection): ${first.toFixed(2)} ms vs ${deep.toFixed(2)} ms = ${(deep / first).toFixed(2)}x`,
  );
}

/**
 * The floor of a cached search as a browser asks (issue 29 point 1): a bare Fastify process answering
 * the same route with the very bytes the API sent for that page, brotli-compressed once, parsing the
 * same JSON body; loaded before and after the API's cached row, in the same run.
 */
async function cachedVersusFloor() {
  const answer = await rawRequest(`http://127.0.0.1:${port}/api/announcement/search`, {
    method: 'POST',
    headers: browserHeaders({ json: true }),
    body: '{}',
  });
  const encoding = String(answer.headers['content-encoding'] ?? 'identity');
  const file = path.join(os.tmpdir(), `casaoferta-search-floor-${process.pid}.bin`);
  fs.writeFileSync(file, answer.body);
  console.log(`the page as a browser gets it: ${answer.body.length} bytes, ${encoding}`);
  if (encoding === 'br') compressionLevels(zlib.brotliDecompressSync(answer.body));
  const floor = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('bench', 'search.ts'), '--floor-server'],
    {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, FLOOR_FILE: file, FLOOR_ENCODING: encoding, FLOOR_PORT: String(floorPort) },
      stdio: 'inherit',
    },
  );
  try {
    await waitForHealth(floorPort);
    await load('warm-up (floor)', [{}], floorPort);
    const before = await load('floor: the same bytes, bare Fastify', [{}], floorPort);
    const product = await load('cached search, as a browser asks', [{}]);
    const after = await load('floor again', [{}], floorPort);
    const floorRate = (before.requests.average + after.requests.average) / 2;
    console.log(
      `cached search / floor: ${(product.requests.average / floorRate).toFixed(2)}x (goal ≥ 0.85x)`,
    );
  } finally {
    closeRawRequests();
    floor.kill('SIGTERM');
    await new Promise((resolve) => floor.on('exit', resolve));
    fs.rmSync(file, { force: true });
  }
}

/** What compressing this page costs at each level (median of 100, this process), and its size. */
function compressionLevels(json: Buffer) {
  const levels: [string, () => Buffer][] = [
    ...[1, 4, 5, 6, 11].map((quality): [string, () => Buffer] => [
      `brotli ${quality}`,
      () => zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }),
    ]),
    ...[1, 6, 9].map((level): [string, () => Buffer] => [
      `gzip ${level}`,
      () => zlib.gzipSync(json, { level }),
    ]),
  ];
  const row = levels.map(([name, run]) => {
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < 100; i++) {
      const started = performance.now();
      size = run().length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return `${name}: ${Math.round((times[50] ?? 0) * 1000)} µs, ${size} B`;
  });
  console.log(`compressing the ${json.length}-byte page: ${row.join('; ')}`);
}

async function runLoads() {
  await load('warm-up', [{}]);
  console.log(`--- ${seconds} s each, 50 connections, a browser's headers ---`);
  await cachedVersusFloor();
  if (process.env.BENCH_FLOOR_ONLY === '1') return;
  await load('newest, no filters', [{}]);
  await load('rentals in a province, newest', [
    { kind: 'alquiler', provinceCode: '28' },
    { kind: 'alquiler', provinceCode: '08' },
  ]);
  await load('sales by price, 2+ rooms', [{ kind: 'venta', sort: 'price-asc', roomsMin: 2 }]);
  await load('free text "mayor 12"', [{ q: 'mayor 12' }]);
  // Cache misses: every request asks for another filter set, so every request reaches PostgreSQL.
  await load('cold: a new filter set every request', () => ({
    kind: 'alquiler',
    priceMax: 500 + Math.floor(Math.random() * 1_000_000),
    provinceCode: String(1 + Math.floor(Math.random() * 50)).padStart(2, '0'),
  }));
  await pageDepth({}, 50);
  await pageDepth({ kind: 'alquiler', provinceCode: '28' }, 20);
}

/** The floor's process: POST /api/announcement/search answers FLOOR_FILE's bytes, as the API sends them. */
async function floorServer() {
  const bytes = fs.readFileSync(process.env.FLOOR_FILE ?? '');
  const encoding = process.env.FLOOR_ENCODING ?? 'identity';
  const app = Fastify({ logger: false });
  app.get('/api/health', async () => ({ ok: true }));
  app.post('/api/announcement/search', async (_request, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'Accept-Encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(bytes);
  });
  await app.listen({ port: Number(process.env.FLOOR_PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

if (process.argv.includes('--floor-server')) {
  await floorServer();
} else {
  await main();
}

async function main() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = withDb(dbName);
  const api = startApiProcess(url, port, 'warn');
  try {
    await waitForHealth(); // migrations and INE import ran at start-up
    const started = performance.now();
    await seed(url);
    console.log(
      `seeded ${total.toLocaleString('es-ES')} announcements in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    if (process.env.BENCH_SEED_ONLY !== '1') await runLoads();
  } finally {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.on('exit', resolve));
    if (process.env.BENCH_KEEP === '1') console.log(`kept database ${dbName}`);
    else await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
