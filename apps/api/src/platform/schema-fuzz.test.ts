import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';
import { dateSweep, fingerprintQuery, fuzzCases } from '../test/fuzz';
import { createActors, createOwnerRows, renewSessions, type Actors } from '../test/world';
import type { RouteRecord } from './access';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index';

/**
 * The schema fuzzer: for every `/api` route, requests built from its zod schemas with hostile values
 * (wrong types, huge strings, NUL, lone surrogates, year 0, numbers past 32 bits, extra fields such as
 * `userId` or `__proto__`, wrong content types, broken JSON), sent by a caller the route lets in. No
 * answer may be a 5xx, and an answer of 4xx must leave the database as it was.
 *
 * `FUZZ_RUNS` sets the cases per route (default 12 in `npm test`); `npm run fuzz` runs 200 per route
 * (over 10,000 in all). `FUZZ_SEED` replays a run; the seed is printed.
 *
 * The date sweep adds, for every date field of every route (found from its type: `calendarDate`,
 * `z.iso.date()`, `z.iso.datetime()`, a YYYY-MM-DD pattern), a request well-formed in every other way
 * with that field set to each value its type must refuse (year 0, 0001, 9999, 29 February 2023, month
 * 13, signed years...): each answers a 4xx naming the field, and stores nothing.
 */
const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 12);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

let t: TestApp;
let actors: Actors;
let fingerprint: () => Promise<string>;

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t.database.db);
  fingerprint = await fingerprintQuery(t.database.db);
}, 60_000);
afterAll(() => t.close());

const callerFor = (route: RouteRecord): string | null => {
  switch (route.access.kind) {
    case 'public':
      return null;
    case 'agent':
      return actors.tokens.agent;
    default:
      return actors.tokens.ownerA;
  }
};

describe('schema fuzzer', () => {
  it('no route answers a 5xx, and none stores anything when it answers 4xx', async () => {
    const routes = t.app.routeRecords.filter((route) => !route.multipart);
    const failures: string[] = [];
    let cases = 0;
    for (const [index, route] of routes.entries()) {
      await renewSessions(t.database.db, actors);
      const rows = await createOwnerRows(t.database.db, actors.ownerA.id);
      const token = callerFor(route);
      const samples = fc.sample(fuzzCases(route, rows), { numRuns: runsPerRoute, seed: seed + index });
      for (const sample of samples) {
        cases += 1;
        const before = await fingerprint();
        const response = await t.app.inject({
          method: sample.method as 'GET',
          url: sample.url,
          headers: { ...sample.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
          ...(sample.payload === undefined ? {} : { payload: sample.payload }),
        });
        const what = `${sample.method} ${sample.url.slice(0, 200)} ${String(sample.payload ?? '').slice(0, 200)}`;
        if (response.statusCode >= 500) {
          failures.push(`${response.statusCode} ← ${what}`);
        } else if (response.statusCode >= 400 && (await fingerprint()) !== before) {
          failures.push(`${response.statusCode} but stored something ← ${what}`);
        }
      }
    }
    console.log(
      `schema fuzzer: ${routes.length} routes, ${cases} cases, seed ${seed}, failures ${failures.length}`,
    );
    expect(failures.slice(0, 30)).toEqual([]);
  }, 1_800_000);

  it('every date field refuses the dates its type rules out: a 4xx naming it, nothing stored', async () => {
    const routes = t.app.routeRecords.filter((route) => !route.multipart);
    const failures: string[] = [];
    const swept = new Set<string>();
    let cases = 0;
    // The random cases above may have blocked owner A (an agent's block on A's id) or ended A's
    // sessions: the sweep starts every route from an owner A who may call it.
    await t.database.db.update(users).set({ isBlocked: false }).where(eq(users.id, actors.ownerA.id));
    for (const route of routes) {
      await renewSessions(t.database.db, actors);
      const rows = await createOwnerRows(t.database.db, actors.ownerA.id);
      const token = callerFor(route);
      const sweep = await dateSweep(route, rows, token);
      failures.push(...sweep.unreachable);
      for (const sample of sweep.cases) {
        cases += 1;
        swept.add(`${route.method} ${route.url} ${sample.field}`);
        const before = await fingerprint();
        const response = await t.app.inject({
          method: sample.method as 'GET',
          url: sample.url,
          headers: sample.headers,
          ...(sample.payload === undefined ? {} : { payload: sample.payload }),
        });
        const what = `${sample.method} ${sample.url.slice(0, 120)} ${sample.field}=${JSON.stringify(sample.value)}`;
        const error = (response.json<{ errors?: { code?: string; field?: string }[] }>().errors ?? [])[0];
        if (response.statusCode < 400 || response.statusCode >= 500) {
          failures.push(`${response.statusCode} ${error?.code ?? ''} ← ${what}`);
        } else if (error?.field !== sample.field) {
          failures.push(
            `${response.statusCode} ${error?.code ?? ''} on ${error?.field ?? 'no field'} ← ${what}`,
          );
        } else if ((await fingerprint()) !== before) {
          failures.push(`${response.statusCode} but stored something ← ${what}`);
        }
      }
    }
    console.log(`date sweep: ${swept.size} date fields, ${cases} cases, failures ${failures.length}`);
    console.log([...swept].sort().join('\n'));
    expect(swept.size).toBeGreaterThan(0);
    expect(failures.slice(0, 40)).toEqual([]);
  }, 600_000);
});
