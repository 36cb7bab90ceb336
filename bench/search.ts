// Catalogue search over 100,000 published announcements on PostgreSQL (ARCHITECTURE.md §6: p95 ≤ 10 ms
// and ≥ 4,000 req/s at 50 connections; any page depth within 1.2x of page 1). Seeds a fresh database
// on BENCH_DATABASE_URL's server (default: local PostgreSQL), starts the API on it, loads it with
// autocannon over loopback, and drops the database at the end.
import autocannon from 'autocannon';
import pg from 'pg';
import { startApiProcess } from './support/api-process';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const total = Number(process.env.BENCH_ANNOUNCEMENTS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = 18800 + Math.floor(Math.random() * 100);
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

async function waitForHealth() {
  for (let i = 0; i < 400; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
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
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<{ data: { nextCursor: string | null } }>);

/** `bodies` cycle per connection; a function makes a new body for every request instead. */
async function load(name: string, bodies: object[] | (() => object)) {
  const request = (body: () => object) => ({
    method: 'POST' as const,
    path: '/api/announcement/search',
    headers: { 'content-type': 'application/json' },
    setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(body()) }),
  });
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
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

async function runLoads() {
  await load('warm-up', [{}]);
  console.log(`--- ${seconds} s each, 50 connections ---`);
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
