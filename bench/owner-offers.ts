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
  const ids = sizes.map((size) => announcements.get(size) ?? '');
  // The sizes take turns within each round, so that a busy machine weighs on all of them alike.
  const interleaved = async (paths: string[], count: number) => {
    const times = paths.map((): number[] => []);
    const first = await Promise.all(paths.map((path) => timeOf(path, token, 1)));
    for (let round = 0; round < count; round++) {
      for (const [index, path] of paths.entries()) times[index]?.push((await timeOf(path, token, 1)).median);
    }
    return paths.map((_, index) => {
      const sorted = [...(times[index] ?? [])].sort((x, y) => x - y);
      return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, first: first[index] };
    });
  };
  console.log(
    `one page of 50 as a browser asks for it, one request at a time; median of ${rounds} rounds (20 for ` +
      'solvency), the sizes in turn within each round',
  );
  for (const sort of ['date', 'amount', 'solvency'] as const) {
    const results = await interleaved(
      ids.map((id) => `/api/announcement/${id}/offers?sort=${sort}`),
      sort === 'solvency' ? Math.min(rounds, 20) : rounds,
    );
    const cells = results.map(
      (r, index) =>
        `${(sizes[index] ?? 0).toLocaleString('es-ES')}: ${r.median.toFixed(2)} ms (${((r.first?.wire.bytes ?? 0) / 1024).toFixed(1)} KB ${r.first?.wire.encoding ?? '?'}, total ${r.first?.page?.data.total ?? '?'})`,
    );
    const ratio = (results[2]?.median ?? 0) / (results[0]?.median || 1);
    console.log(`${sort.padEnd(8)} first page  ${cells.join('  ')}  10,000/10 = ${ratio.toFixed(2)}x`);
  }
  // Deep pages: the 10th page (date order) against the first, at 1,000 and 10,000 offers.
  const tenth: string[] = [];
  for (const id of ids.slice(1)) {
    let cursor: string | null = null;
    for (let n = 1; n < 10; n++) {
      const page = await timeOf(
        `/api/announcement/${id}/offers?sort=date${cursor ? `&cursor=${cursor}` : ''}`,
        token,
        1,
      );
      cursor = page.page?.data.nextCursor ?? null;
    }
    tenth.push(`/api/announcement/${id}/offers?sort=date&cursor=${cursor ?? ''}`);
  }
  const deep = await interleaved(
    [...ids.slice(1).map((id) => `/api/announcement/${id}/offers?sort=date`), ...tenth],
    rounds,
  );
  console.log(
    `date, page 1 vs page 10: 1.000 ${deep[0]?.median.toFixed(2)} vs ${deep[2]?.median.toFixed(2)} ms; ` +
      `10.000 ${deep[1]?.median.toFixed(2)} vs ${deep[3]?.median.toFixed(2)} ms`,
  );
} finally {
  closeRawRequests();
  api.kill('SIGTERM');
  await new Promise((resolve) => api.on('exit', resolve));
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
