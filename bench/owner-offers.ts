// The owner's offers page (issue 29 point 4, decision 031): GET /api/announcement/{id}/offers answers
// keyset pages, so its first page must cost the same at 10, 1,000 and 10,000 offers received. Seeds a
// fresh database on BENCH_DATABASE_URL's server (default: local PostgreSQL) with one owner and three
// paid rentals holding that many offers (each by its own candidate, with a tenant profile for one in
// three), starts the API on it and times each order's first page and a deep page, one request at a time
// as a browser sends it (median of BENCH_ROUNDS, default 200; 20 for the solvency order), with the answer's compressed size.
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import pg from 'pg';
import { sha256 } from '../apps/api/src/platform/tokens';
import { startApiProcess } from './support/api-process';
import { browserHeaders } from './support/browser-headers';
import { closeRawRequests, rawRequest } from './support/raw-request';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
const sizes = [10, 1_000, 10_000];
const port = 18900 + Math.floor(Math.random() * 100);
const dbName = `casaoferta_bench_owner_offers_${Date.now()}`;
const withDb = (name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

/** One owner with a session; one paid rental per size, with `size` offers by as many candidates. */
async function seed(url: string): Promise<{ token: string; announcements: Map<number, string> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ownerId = randomUUID();
    const token = `bench-${randomUUID()}`;
    await client.query(
      `insert into users (id, name, surname, phone_number) values ($1, 'Propietaria', 'Bench', '+34700000001')`,
      [ownerId],
    );
    await client.query(
      `insert into sessions (token_hash, user_id, kind, idle_timeout_seconds, expires_at)
      values ($1, $2, 'user', 30 * 24 * 3600, now() + interval '90 days')`,
      [sha256(token), ownerId],
    );
    const total = sizes.reduce((sum, n) => sum + n, 0);
    await client.query(
      `insert into users (id, name, surname, phone_number)
      select gen_random_uuid(), 'Candidata', 'Bench ' || g, '+3471' || lpad(g::text, 7, '0')
      from generate_series(1, $1::int) g`,
      [total],
    );
    // A tenant profile (the tenant's own person row with a salary band) for one candidate in three.
    await client.query(`insert into household_people (id, tenant_id, role, salary_range_code, type_contract_code)
      select gen_random_uuid(), id, 'tenant', 'URS003', 'UTC001'
      from (select id, row_number() over (order by id) n from users where name = 'Candidata') c where n % 3 = 0`);
    const announcements = new Map<number, string>();
    let offset = 0;
    for (const size of sizes) {
      const propertyId = randomUUID();
      const announcementId = randomUUID();
      await client.query(
        `insert into properties (id, owner_id, reference, street, province_code, municipality_code,
          property_type_code, surface_m2, rooms, bathrooms, features, validation_status)
        values ($1, $2, $3, 'Calle Mayor 1', '28', '28079', 'PTY001', 70, 2, 1, '{PAF001}', 'PSG001')`,
        [propertyId, ownerId, `B-${size}`],
      );
      await client.query(
        `insert into announcements (id, property_id, owner_id, type_code, offer_type_code, status_code, price,
          custom_title, published_at, ends_at, province_code, municipality_code, rooms, surface_m2, features,
          reference, bathrooms, property_type_code, municipality_name, province_name, search_text, is_paid)
        values ($1, $2, $3, 'ATY002', 'AOT001', 'AST001', 1000, 'Piso en Madrid', now(), now() + interval '30 days',
          '28', '28079', 2, 70, '{PAF001}', $4, 1, 'PTY001', 'Madrid', 'Madrid', 'piso en madrid', true)`,
        [announcementId, propertyId, ownerId, `B-${size}`],
      );
      await client.query(
        `insert into offers (id, announcement_id, candidate_id, amount, salary, nif, type_contract_code,
          is_favorite, created_at)
        select gen_random_uuid(), $1::uuid, c.id, 800 + (c.n % 40) * 10, 1200 + (c.n * 37) % 3000, '12345678Z',
          'UTC001', c.n % 7 = 0, now() - interval '1 day' + c.n * interval '1 second'
        from (select id, row_number() over (order by id) n from users where name = 'Candidata'
          order by id offset $2 limit $3) c`,
        [announcementId, offset, size],
      );
      offset += size;
      announcements.set(size, announcementId);
    }
    await client.query('analyze');
    return { token, announcements };
  } finally {
    await client.end();
  }
}

async function waitForHealth() {
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('API did not start');
}

interface Page {
  data: { offers: unknown[]; total: number; nextCursor: string | null };
}

/** Median time of `count` sequential requests, and the answer's bytes on the wire and its encoding. */
async function timeOf(path: string, token: string, count = rounds) {
  const url = `http://127.0.0.1:${port}${path}`;
  const headers = browserHeaders({ session: token });
  const times: number[] = [];
  let wire = { bytes: 0, encoding: 'identity' };
  let page: Page | null = null;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await rawRequest(url, { headers });
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    if (i === 0) {
      const encoding = String(response.headers['content-encoding'] ?? 'identity');
      wire = { bytes: response.body.length, encoding };
      const json =
        encoding === 'br'
          ? zlib.brotliDecompressSync(response.body)
          : encoding === 'gzip'
            ? zlib.gunzipSync(response.body)
            : response.body;
      page = JSON.parse(json.toString('utf8')) as Page;
    }
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] ?? 0, wire, page };
}

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const api = startApiProcess(withDb(dbName), port, 'warn');
try {
  await waitForHealth();
  const { token, announcements } = await seed(withDb(dbName));
  console.log(`one page of 50, median of ${rounds} sequential requests with a browser's headers`);
  console.log('offers  | order    | first page: median, bytes on the wire | page 10 (date) | total');
  const firstByOrder = new Map<string, number[]>();
  for (const size of sizes) {
    const id = announcements.get(size) ?? '';
    for (const sort of ['date', 'amount', 'solvency'] as const) {
      // The solvency order reads the whole list (decision 031): fewer rounds.
      const first = await timeOf(
        `/api/announcement/${id}/offers?sort=${sort}`,
        token,
        sort === 'solvency' ? Math.min(rounds, 20) : rounds,
      );
      firstByOrder.set(sort, [...(firstByOrder.get(sort) ?? []), first.median]);
      let deep = '';
      if (sort === 'date' && size >= 1_000) {
        let cursor = first.page?.data.nextCursor ?? null;
        for (let n = 2; n < 10 && cursor; n++) {
          const next = await fetch(
            `http://127.0.0.1:${port}/api/announcement/${id}/offers?sort=date&cursor=${cursor}`,
            {
              headers: browserHeaders({ session: token }),
            },
          );
          cursor = ((await next.json()) as Page).data.nextCursor;
        }
        const tenth = await timeOf(`/api/announcement/${id}/offers?sort=date&cursor=${cursor ?? ''}`, token);
        deep = `${tenth.median.toFixed(2)} ms`;
      }
      console.log(
        `${size.toLocaleString('es-ES').padStart(7)} | ${sort.padEnd(8)} | ${first.median.toFixed(2).padStart(6)} ms ${(first.wire.bytes / 1024).toFixed(1).padStart(5)} KB ${first.wire.encoding.padEnd(4)} | ${deep.padEnd(16)} | ${first.page?.data.total ?? '?'}`,
      );
    }
  }
  for (const [sort, times] of firstByOrder) {
    const [small = 0, , large = 0] = times;
    console.log(`${sort}: first page at 10,000 offers / at 10 = ${(large / small).toFixed(2)}x`);
  }
} finally {
  closeRawRequests();
  api.kill('SIGTERM');
  await new Promise((resolve) => api.on('exit', resolve));
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
