// The agents' validation queue over a full catalogue (issue 29 point 2, decision 032): 110,000 properties
// and 100,000 announcements, 10,000 things waiting (new properties, properties sent with their
// announcement, announcements alone, owners' revisions). Walks the whole queue page by page with its
// cursor, then times every page (median of BENCH_REPEATS) of the product's query function
// (`validationQueue`: the page, its photos, owners and places, and the bounded count) and, in the same
// run, the floor: a bare keyset read of the same page's keys from the same partial indexes (no joins, no
// count). Goal: every page within 2x of the first (the time grows with the page, not the catalogue nor
// the depth): each page's runs paired with page 1's end to end (the median of the pairs' ratios), and the
// blocks each page's statement reads on the database against page 1's (EXPLAIN ANALYZE BUFFERS: its work,
// which a loaded machine does not change), with its planning and execution time. Exits 1 when a page reads
// over 2x page 1's blocks; the pages over 2x page 1's time are counted beside (on a shared machine, single
// runs carry its pauses).
//
// On PostgreSQL when BENCH_DATABASE_URL, DATABASE_URL or TEST_DATABASE_URL names a server (a fresh
// database is made on it and dropped at the end), else on an in-memory PGlite.
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../apps/api/src/db/client';
import { validationQueue, validationQueueStatements } from '../apps/api/src/modules/back-office/queue';

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const catalogue = Number(process.env.BENCH_ANNOUNCEMENTS ?? 100_000);
const repeats = Number(process.env.BENCH_REPEATS ?? 5);
const pageSize = 20;
const dbName = `casaoferta_bench_queue_${Date.now()}`;
const withDb = (url: string, name: string) =>
  Object.assign(new URL(url), { pathname: `/${name}` }).toString();

/**
 * `catalogue` properties with one announcement each, and a tenth more without one. Waiting, a tenth of
 * the catalogue: 3 % new properties sent with their announcement (one item each), 3 % announcements of
 * validated properties, 1 % revisions, and new properties without an announcement (3 % of the catalogue,
 * among the tenth without one); besides, announcements of rejected properties (1 %, waiting for the
 * owner, not in the queue), drafts and live announcements. Times spread over the last 30 days.
 */
async function seed(db: Database['db']) {
  const n = catalogue;
  const tenth = Math.floor(n / 10);
  const run = (statement: string) => db.execute(sql.raw(statement));
  await run(`insert into users (id, name, surname, phone_number)
    select gen_random_uuid(), 'Propietario', 'Cola ' || g, '+3472' || lpad(g::text, 7, '0')
    from generate_series(1, 1000) g`);
  await run(`with o as (select array_agg(id order by id) ids from users where name = 'Propietario')
    insert into properties (id, owner_id, reference, street, property_type_code, surface_m2, rooms, bathrooms,
      validation_status, updated_at)
    select gen_random_uuid(), o.ids[1 + g % 1000], 'Q-' || g, 'Calle de la Cola ' || g, 'PTY001',
      40 + g % 160, 1 + g % 5, 1 + g % 3,
      case
        when g > ${n} then case when g % 10 < 3 then 'PSG002' else 'PSG000' end
        when g % 100 < 3 then 'PSG002'
        when g % 100 = 7 then 'PSG004'
        else 'PSG001' end,
      date_trunc('milliseconds', now() - ((g::bigint * 7919) % 2592000) * interval '1 second')
    from generate_series(1, ${n + tenth}) g, o`);
  await run(`insert into property_images (property_id, position, storage_key, width, height)
    select id, 0, 'properties/' || id || '/cover', 1280, 853 from properties where reference like 'Q-%'`);
  // Announcements: on the first `n` properties: sent with their property (PSG002), alone on a validated
  // property (AST002), waiting for their rejected property, and the rest live.
  await run(`insert into announcements (property_id, owner_id, type_code, status_code, price, custom_title,
      published_at, reference, updated_at)
    select p.id, p.owner_id, (array['ATY001', 'ATY002', 'ATY003'])[1 + p.g % 3],
      case when p.validation_status in ('PSG002', 'PSG004') then 'AST002'
        when p.g % 100 between 3 and 5 then 'AST002' else 'AST001' end,
      500 + p.g % 2000, 'Piso de la cola ' || p.g,
      case when p.validation_status = 'PSG001' then now() - interval '40 days' end, p.reference,
      p.updated_at + interval '1 second'
    from (select p.*, substr(p.reference, 3)::int g from properties p where p.reference like 'Q-%') p
    where p.g <= ${n}`);
  // Revisions waiting: on validated properties with a live announcement, sent at their own times.
  await run(`update properties p set revision = 2, pending_revision = jsonb_build_object(
      'status', 'pending', 'reason', null, 'imageIds', '[]'::jsonb, 'fields', jsonb_build_object('rooms', 3),
      'submittedAt', to_char((now() - ((g::bigint * 104729) % 2592000) * interval '1 second') at time zone 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    from (select id, substr(reference, 3)::int g from properties where reference like 'Q-%') x
    where p.id = x.id and p.validation_status = 'PSG001' and x.g <= ${n}
      and x.g % 100 = 6`);
  await run('analyze');
}

/** The floor: the same page's keys read from the same indexes, nothing else. */
function floorQuery(after: { t: string; k: number; p: string; a: string | null } | null): SQL {
  const cond = (rank: number, at: string, ids: string[]) => {
    if (!after) return 'true';
    if (rank > after.k) return `${at} >= '${after.t}'::timestamptz`;
    if (rank < after.k) return `${at} > '${after.t}'::timestamptz`;
    const keys = [`'${after.p}'::uuid`, ...(after.a ? [`'${after.a}'::uuid`] : [])].slice(0, ids.length);
    return `(${[at, ...ids].join(', ')}) > ('${after.t}'::timestamptz, ${keys.join(', ')})`;
  };
  const limit = pageSize + 1;
  const rev = 'pending_revision_submitted_at(p.pending_revision)';
  return sql.raw(`select * from (
    (select 1 r, p.id pid, null::uuid aid, p.updated_at t from properties p
      where p.validation_status = 'PSG002' and ${cond(1, 'p.updated_at', ['p.id'])}
      order by p.updated_at, p.id limit ${limit})
    union all
    (select 2, p.id, null::uuid, ${rev} from properties p
      where p.validation_status = 'PSG001' and (p.pending_revision->>'status') = 'pending'
        and ${cond(2, rev, ['p.id'])}
      order by ${rev}, p.id limit ${limit})
    union all
    (select 0, a.property_id, a.id, a.updated_at from announcements a
      join properties p on p.id = a.property_id and p.validation_status = 'PSG001'
      where a.status_code = 'AST002' and ${cond(0, 'a.updated_at', ['a.property_id', 'a.id'])}
      order by a.updated_at, a.property_id, a.id limit ${limit})
  ) w order by t, r, pid, aid nulls first limit ${limit}`);
}

const decode = (cursor: string) =>
  JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
    t: string;
    k: number;
    p: string;
    a: string | null;
  };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed(run: () => Promise<unknown>, runs = repeats): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}

interface ServerTime {
  planning: number;
  execution: number;
  /** Pages of tables and indexes the statement read (shared buffers hit or read): its work, load aside. */
  blocks: number;
}

const total = (time: ServerTime) => time.planning + time.execution;

async function bench(database: Database) {
  const db = database.db;
  await database.migrate();
  const started = performance.now();
  await seed(db);
  const [counts] = (
    (await db.execute(sql`select
      (select count(*)::int from announcements) as announcements,
      (select count(*)::int from properties) as properties`)) as unknown as {
      rows: { announcements: number; properties: number }[];
    }
  ).rows;
  console.log(
    `${database.kind}: seeded ${counts?.properties.toLocaleString('es-ES')} properties and ` +
      `${counts?.announcements.toLocaleString('es-ES')} announcements in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // Walk the queue once: every page's cursor, and what it holds.
  const cursors: (string | undefined)[] = [undefined];
  const kinds: Record<string, number> = {};
  let walked = 0;
  let first = await validationQueue(db, { pageSize });
  for (;;) {
    walked += first.items.length;
    for (const item of first.items) kinds[item.kind] = (kinds[item.kind] ?? 0) + 1;
    if (!first.nextCursor) break;
    cursors.push(first.nextCursor);
    first = await validationQueue(db, { pageSize, cursor: first.nextCursor });
  }
  const head = await validationQueue(db, { pageSize });
  console.log(
    `queue: ${walked.toLocaleString('es-ES')} items in ${cursors.length} pages of ${pageSize} ` +
      `(${Object.entries(kinds)
        .map(([kind, count]) => `${kind} ${count}`)
        .join(', ')}); total ${head.total}${head.totalCapped ? '+' : ''}`,
  );

  // Warm up, then time every page against page 1, interleaved (a loaded machine slows both alike), and
  // the floor: the median of BENCH_REPEATS runs of each.
  for (let i = 0; i < 20; i++) await validationQueue(db, { pageSize });
  const call = (cursor: string | undefined) => () =>
    validationQueue(db, { pageSize, ...(cursor ? { cursor } : {}) });
  // Each run of a page is paired with a run of page 1 just before it: the check is the median of the
  // pairs' ratios (a busy machine slows both of a pair alike), the times are medians.
  const product: number[] = [];
  const firstTimes: number[] = [];
  const ratios: number[] = [];
  const floor: number[] = [];
  for (const cursor of cursors) {
    const mine: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < repeats; i++) {
      theirs.push(await timed(call(undefined), 1));
      mine.push(await timed(call(cursor), 1));
    }
    product.push(median(mine));
    firstTimes.push(median(theirs));
    ratios.push(median(mine.map((time, i) => time / (theirs[i] ?? time))));
    floor.push(await timed(() => db.execute(floorQuery(cursor ? decode(cursor) : null))));
  }
  const firstPage = median(firstTimes);
  const ms = (value: number | undefined) => `${(value ?? 0).toFixed(2)} ms`;
  /** Planning and execution on the database (EXPLAIN ANALYZE). */
  const onServer = async (statement: SQL): Promise<ServerTime> => {
    const [row] = (
      (await db.execute(sql`explain (analyze, buffers, summary, format json) ${statement}`)) as unknown as {
        rows: Record<string, unknown>[];
      }
    ).rows;
    const value = row ? Object.values(row)[0] : null;
    const [plan] = (typeof value === 'string' ? JSON.parse(value) : value) as {
      'Planning Time': number;
      'Execution Time': number;
      Plan: { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number };
    }[];
    return {
      planning: plan?.['Planning Time'] ?? 0,
      execution: plan?.['Execution Time'] ?? 0,
      blocks: (plan?.Plan['Shared Hit Blocks'] ?? 0) + (plan?.Plan['Shared Read Blocks'] ?? 0),
    };
  };
  const describe = (time: ServerTime) =>
    `planned in ${ms(time.planning)}, run in ${ms(time.execution)} on the server, ${time.blocks} blocks`;
  const worst = ratios.reduce((max, ratio, index) => (ratio > (ratios[max] ?? 0) ? index : max), 0);
  const over = ratios.filter((ratio) => ratio > 2).length;
  const pick = (index: number) =>
    `page ${index + 1}: ${ms(product[index])} (floor ${ms(floor[index])}, ${((product[index] ?? 0) / (floor[index] ?? 1)).toFixed(1)}x)`;
  const last = product.length - 1;
  console.log(`median of ${repeats} per page, one connection (page 1: ${ms(firstPage)}):`);
  for (const index of [...new Set([0, 1, 9, 99, Math.floor(last / 2), last])].filter((i) => i <= last))
    console.log(`  ${pick(index)}`);
  console.log(
    `  all pages: median ${ms(median(product))}; against page 1 (median of ${repeats} paired runs): ` +
      `median ${median(ratios).toFixed(2)}x, highest ${pick(worst)} = ${(ratios[worst] ?? 0).toFixed(2)}x`,
  );
  console.log(
    `  floor: median ${ms(median(floor))}; product/floor median ${median(
      product.map((time, i) => time / (floor[i] ?? 1)),
    ).toFixed(1)}x`,
  );
  console.log(
    over === 0
      ? `  every page within 2x of page 1 (${product.length} pages)`
      : `  ${over} of ${product.length} pages over 2x page 1 (end to end, a busy machine's pauses included)`,
  );

  // The database's own work for each page: the blocks its statement reads (deterministic, whatever the
  // load) and its time there (planning and execution, EXPLAIN ANALYZE), against page 1's.
  const pageStatement = (cursor: string | undefined) =>
    validationQueueStatements({ pageSize, ...(cursor ? { cursor } : {}) }).page;
  const firstOnServer = await onServer(pageStatement(undefined));
  const serverTimes: number[] = [];
  const blocks: number[] = [];
  for (const cursor of cursors) {
    const runs: ServerTime[] = [];
    for (let i = 0; i < repeats; i++) runs.push(await onServer(pageStatement(cursor)));
    serverTimes.push(median(runs.map(total)));
    blocks.push(Math.max(...runs.map((run) => run.blocks)));
  }
  const blockRatios = blocks.map((count) => count / Math.max(1, firstOnServer.blocks));
  const mostBlocks = blockRatios.reduce(
    (max, ratio, index) => (ratio > (blockRatios[max] ?? 0) ? index : max),
    0,
  );
  const blocksOver = blockRatios.filter((ratio) => ratio > 2).length;
  console.log(
    `on the server, the page's statement: page 1 reads ${firstOnServer.blocks} blocks, the most page ` +
      `${mostBlocks + 1} ${blocks[mostBlocks]} (${(blockRatios[mostBlocks] ?? 0).toFixed(2)}x), median ` +
      `${median(blocks)}; planned and run: page 1 ${ms(serverTimes[0])}, page ${last + 1} ` +
      `${ms(serverTimes[last])}, median ${ms(median(serverTimes))}`,
  );
  console.log(
    blocksOver === 0
      ? `  every page reads within 2x of page 1's blocks (${blocks.length} pages)`
      : `  ${blocksOver} of ${blocks.length} pages read over 2x page 1's blocks`,
  );

  // Where the time goes, on the first and the last page: the page's statement and the count's.
  for (const index of [0, last]) {
    const cursor = cursors[index];
    const statements = validationQueueStatements({ pageSize, ...(cursor ? { cursor } : {}) });
    const page = await timed(() => db.execute(statements.page));
    const count = await timed(() => db.execute(statements.count));
    console.log(
      `  page ${index + 1}: its statement ${ms(page)} (${describe(await onServer(statements.page))}), ` +
        `the count ${ms(count)} (${describe(await onServer(statements.count))})`,
    );
    if (process.env.BENCH_EXPLAIN === '1')
      for (const statement of [statements.page, statements.count]) {
        const plan = (await db.execute(sql`explain (analyze, buffers) ${statement}`)) as unknown as {
          rows: Record<string, string>[];
        };
        console.log(plan.rows.map((row) => Object.values(row)[0]).join('\n'));
      }
  }
  if (blocksOver > 0) process.exitCode = 1;
}

if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  // Seeding on a loaded machine outlasts the API's 15 s statement timeout.
  const database = openPostgres(withDb(serverUrl, dbName), 2, {
    connectTimeoutMs: 5_000,
    statementTimeoutMs: 600_000,
  });
  try {
    await bench(database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
} else {
  const database = await openPglite(null);
  try {
    await bench(database);
  } finally {
    await database.close();
  }
}
