import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pageViews } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async () => {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(pageViews);
  return row?.n ?? 0;
};

describe('POST /api/analytics/page-view', () => {
  it('stores the path and referrer path only, dropping unknown fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/page-view',
      payload: { path: '/properties', referrer: '/que-es-casaoferta', userId: 'someone' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { recorded: true } });
    const rows = await t.database.db.select().from(pageViews);
    expect(rows.at(-1)).toMatchObject({ path: '/properties', referrer: '/que-es-casaoferta' });
  });

  it.each([{}, { path: 'properties' }, { path: 'https://evil.example/x' }, { path: `/${'a'.repeat(600)}` }])(
    'rejects %j with 400 and stores nothing',
    async (payload) => {
      const before = await count();
      const res = await t.app.inject({ method: 'POST', url: '/api/analytics/page-view', payload });
      expect(res.statusCode).toBe(400);
      expect(await count()).toBe(before);
    },
  );
});
