import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';
import { routeRequest } from '../test/route-requests';
import { createActors, createOwnerRows, matrixActors, renewSessions, type Actors } from '../test/world';
import type { Access, MatrixActor, MatrixCell, RouteRecord } from './access';

/**
 * The access matrix: every registered `/api` route × every kind of caller, on rows that belong to owner
 * A. What each cell must answer follows from the route's declared `access` (and its `matrix` overrides,
 * next to the route); 'ok' means the call got past the gate and the ownership check (a 2xx, or the
 * route's own 400/409/422 for a body that does not fit A's rows). The table is written to
 * docs/SECURITY.md: `UPDATE_ACCESS_MATRIX=1 npx vitest run apps/api/src/platform/access-matrix.test.ts`.
 */

const denied = (cell: MatrixCell): cell is 401 | 403 | 404 => cell !== 'ok';

function expectedCells(rule: Access): Record<MatrixActor, MatrixCell> {
  switch (rule.kind) {
    case 'public':
      return {
        visitor: 'ok',
        ownerA: 'ok',
        ownerB: 'ok',
        tenant: 'ok',
        blocked: 'ok',
        agent: 'ok',
        agentAsA: 'ok',
      };
    case 'session':
      return {
        visitor: 401,
        ownerA: 'ok',
        ownerB: 'ok',
        tenant: 'ok',
        blocked: 401,
        agent: 'ok',
        agentAsA: 'ok',
      };
    case 'agent':
      return {
        visitor: 401,
        ownerA: 403,
        ownerB: 403,
        tenant: 403,
        blocked: 401,
        agent: 'ok',
        agentAsA: 403,
      };
    case 'user': {
      const others = rule.rows === 'owner' ? 404 : 'ok';
      return {
        visitor: 401,
        ownerA: 'ok',
        ownerB: others,
        tenant: others,
        blocked: 401,
        agent: 403,
        agentAsA: rule.impersonation ? 'ok' : 403,
      };
    }
  }
}

const describeAccess = (rule: Access): string => {
  switch (rule.kind) {
    case 'public':
    case 'session':
      return rule.kind;
    case 'agent':
      return rule.permission ? `agent (${rule.permission})` : 'agent';
    case 'user':
      return `${rule.rows === 'owner' ? 'owner' : 'user'}${rule.impersonation ? '' : ', no impersonation'}`;
  }
};

interface Outcome {
  route: RouteRecord;
  expected: Record<MatrixActor, MatrixCell>;
  actual: Record<MatrixActor, number>;
}

const matches = (expected: MatrixCell, status: number): boolean =>
  status < 500 && (denied(expected) ? status === expected : ![401, 403, 404].includes(status));

let t: TestApp;
let actors: Actors;
const outcomes: Outcome[] = [];

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t.database.db);
}, 60_000);
afterAll(() => t.close());

describe('access matrix', () => {
  it('every /api route declares its access (registering one without it stops the start)', async () => {
    const { buildApp } = await import('../app');
    const { testConfig } = await import('../test/helpers');
    const app = await buildApp({ config: testConfig(), database: t.database });
    let error: unknown = null;
    try {
      app.get('/api/undeclared', async () => ({ data: true }));
      await app.ready();
    } catch (caught) {
      error = caught;
    }
    expect(String(error)).toMatch(/GET \/api\/undeclared: la ruta no declara quién puede llamarla/);
    await app.close().catch(() => undefined);
  });

  it('answers every route × actor as declared', async () => {
    const routes = [...t.app.routeRecords].sort((a, b) =>
      `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`),
    );
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of routes) {
      const expected = { ...expectedCells(route.access), ...route.matrix };
      const actual = {} as Record<MatrixActor, number>;
      // Denied callers first, on one set of A's rows; each allowed caller on a fresh set of its own, so a
      // delete or a state change by one leaves the next its rows as they were.
      const order = [...matrixActors].sort(
        (a, b) => Number(denied(expected[b])) - Number(denied(expected[a])),
      );
      await renewSessions(t.database.db, actors);
      const shared = await createOwnerRows(t.database.db, actors.ownerA.id);
      for (const actor of order) {
        const rows = denied(expected[actor])
          ? shared
          : await createOwnerRows(t.database.db, actors.ownerA.id);
        const request = await routeRequest(route, rows, actors.tokens[actor]);
        const response = await t.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        actual[actor] = response.statusCode;
        if (!matches(expected[actor], response.statusCode)) {
          failures.push(
            `${route.method} ${route.url} as ${actor}: expected ${expected[actor]}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
        }
      }
      outcomes.push({ route, expected, actual });
    }
    const cases = outcomes.length * matrixActors.length;
    const unexpected2xx = outcomes.reduce(
      (sum, o) => sum + matrixActors.filter((a) => denied(o.expected[a]) && o.actual[a] < 300).length,
      0,
    );
    const serverErrors = outcomes.reduce(
      (sum, o) => sum + matrixActors.filter((a) => o.actual[a] >= 500).length,
      0,
    );
    console.log(
      `access matrix: ${outcomes.length} routes × ${matrixActors.length} actors = ${cases} cases; unexpected 2xx: ${unexpected2xx}; 5xx: ${serverErrors}; mismatches: ${failures.length}`,
    );
    expect(failures).toEqual([]);
  }, 300_000);

  it('is the table in docs/SECURITY.md', () => {
    expect(outcomes.length).toBeGreaterThan(0);
    const header = `| route | access | ${matrixActors.join(' | ')} |`;
    const rule = `| --- | --- | ${matrixActors.map(() => '---').join(' | ')} |`;
    const cell = (expected: MatrixCell) => (expected === 'ok' ? '✓' : String(expected));
    const rows = outcomes.map(
      (o) =>
        `| \`${o.route.method} ${o.route.url}\` | ${describeAccess(o.route.access)} | ${matrixActors.map((a) => cell(o.expected[a])).join(' | ')} |`,
    );
    const count = (value: MatrixCell) =>
      outcomes.reduce((sum, o) => sum + matrixActors.filter((a) => o.expected[a] === value).length, 0);
    const summary =
      `${outcomes.length} routes × ${matrixActors.length} actors = ${outcomes.length * matrixActors.length} cases: ` +
      `${count('ok')} allowed (✓), ${count(401)} × 401, ${count(403)} × 403, ${count(404)} × 404. ` +
      'Unexpected 2xx: 0. 5xx: 0 (the test fails otherwise).';
    const table = [summary, '', header, rule, ...rows].join('\n');
    const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/SECURITY.md');
    const start = '<!-- access-matrix:start -->';
    const end = '<!-- access-matrix:end -->';
    const text = fs.readFileSync(docs, 'utf8');
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    const current = from >= 0 && to > from ? text.slice(from + start.length, to).trim() : null;
    if (current !== table && process.env.UPDATE_ACCESS_MATRIX === '1') {
      const block = `${start}\n${table}\n${end}`;
      const next =
        current === null
          ? `${text.trimEnd()}\n\n## Access matrix (generated)\n\n${block}\n`
          : text.slice(0, from) + block + text.slice(to + end.length);
      fs.writeFileSync(docs, next);
      return;
    }
    expect(
      current,
      'docs/SECURITY.md está desactualizado: UPDATE_ACCESS_MATRIX=1 npx vitest run apps/api/src/platform/access-matrix.test.ts',
    ).toBe(table);
  });
});
