import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TenantProfile } from '@casaoferta/domain/schemas/tenant';
import { householdPeople, tenantProfiles } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { userWithSession } from '../../test/auth-helpers';
import { dni, errorOf, newPerson, personRows, tenantClient, wizard } from './test-support';

/**
 * Many saves of one profile at once: the count per role and the identifiers are checked under the
 * tenant's lock and the unique index of one identifier per profile stands behind them, so exactly the
 * allowed number win and the rest get a 422, never a 500 or a row too many.
 */
let t: TestApp;
let client: ReturnType<typeof tenantClient>;
beforeAll(async () => {
  t = await createTestApp();
  client = tenantClient(t.app);
});
afterAll(() => t.close());

const db = () => t.database.db;
const many = <T>(n: number, request: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, index) => request(index)));
const newTenant = () => userWithSession(db(), { name: 'Carmen', surname: 'Concurrente' });
const statuses = (responses: readonly { statusCode: number }[]) =>
  responses.map((r) => r.statusCode).sort((a, b) => a - b);

describe('co-holders and guarantors added at once', () => {
  it('of 10 co-holders with the same NIF sent at once, exactly one is stored', async () => {
    for (let round = 0; round < 3; round += 1) {
      const tenant = await newTenant();
      const answers = await many(10, () =>
        client.call('POST', '/api/tenant/co-titular', tenant.token, newPerson(dni(500 + round))),
      );
      expect(statuses(answers)).toEqual([201, ...Array<number>(9).fill(422)]);
      const codes = answers.filter((r) => r.statusCode === 422).map((r) => errorOf(r)?.code);
      expect(new Set(codes)).toEqual(new Set(['NIF_USED_BY_COTITULAR']));
      expect(await personRows(db(), tenant.user.id, 'co_holder')).toHaveLength(1);
    }
  });

  it('of 8 co-holders with distinct NIFs sent at once, exactly 4 are stored', async () => {
    for (let round = 0; round < 3; round += 1) {
      const tenant = await newTenant();
      const answers = await many(8, (i) =>
        client.call('POST', '/api/tenant/co-titular', tenant.token, newPerson(dni(600 + 10 * round + i))),
      );
      expect(statuses(answers)).toEqual([201, 201, 201, 201, 422, 422, 422, 422]);
      const codes = answers.filter((r) => r.statusCode === 422).map((r) => errorOf(r)?.code);
      expect(new Set(codes)).toEqual(new Set(['TOO_MANY_PEOPLE']));
      expect(await personRows(db(), tenant.user.id, 'co_holder')).toHaveLength(4);
    }
  });

  it('a co-holder and a guarantor with the same NIF sent at once: one is stored', async () => {
    const tenant = await newTenant();
    const answers = await many(6, (i) =>
      client.call(
        'POST',
        `/api/tenant/${i % 2 === 0 ? 'co-titular' : 'guarantor'}`,
        tenant.token,
        newPerson(dni(700)),
      ),
    );
    expect(statuses(answers)).toEqual([201, 422, 422, 422, 422, 422]);
    const rows = await db()
      .select()
      .from(householdPeople)
      .where(eq(householdPeople.tenantId, tenant.user.id));
    expect(rows.filter((row) => row.role !== 'tenant')).toHaveLength(1);
  });

  it('the same new person sent 6 times at once is stored once: one 201, the retries 200', async () => {
    const tenant = await newTenant();
    const body = newPerson(dni(710));
    const answers = await many(6, () => client.call('POST', '/api/tenant/guarantor', tenant.token, body));
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 200, 201]);
    expect(await personRows(db(), tenant.user.id, 'guarantor')).toHaveLength(1);
  });

  it('the tenant’s NIF and a co-holder with that NIF saved at once: only one of them keeps it', async () => {
    for (let round = 0; round < 3; round += 1) {
      const tenant = await newTenant();
      const nif = dni(800 + round);
      const answers = await many(6, (i) =>
        i % 2 === 0
          ? client.call('PUT', '/api/tenant/profile', tenant.token, { ...wizard, nif })
          : client.call('POST', '/api/tenant/co-titular', tenant.token, newPerson(nif)),
      );
      expect(answers.map((r) => r.statusCode).filter((s) => s !== 200 && s !== 201 && s !== 422)).toEqual([]);
      const holders = await db().select().from(householdPeople).where(eq(householdPeople.nif, nif));
      expect(holders.filter((row) => row.tenantId === tenant.user.id)).toHaveLength(1);
    }
  });
});

describe('first saves at once', () => {
  it('10 first saves of the wizard at once make one profile and one tenant row', async () => {
    const tenant = await newTenant();
    const answers = await many(10, () => client.call('PUT', '/api/tenant/profile', tenant.token, wizard));
    expect(statuses(answers)).toEqual(Array<number>(10).fill(200));
    const ids = new Set(answers.map((r) => r.json<{ data: TenantProfile }>().data.id));
    expect(ids.size).toBe(1);
    expect(
      await db().select().from(tenantProfiles).where(eq(tenantProfiles.userId, tenant.user.id)),
    ).toHaveLength(1);
    expect(await personRows(db(), tenant.user.id, 'tenant')).toHaveLength(1);
  });

  it('deleting the profile while people are added leaves no person without a profile', async () => {
    const tenant = await newTenant();
    await client.call('PUT', '/api/tenant/profile', tenant.token, wizard);
    const answers = await many(8, (i) =>
      i % 2 === 0
        ? client.call('DELETE', '/api/tenant/profile', tenant.token)
        : client.call('POST', '/api/tenant/guarantor', tenant.token, newPerson(dni(900 + i))),
    );
    expect(answers.map((r) => r.statusCode).filter((s) => s >= 300)).toEqual([]);
    const profiles = await db()
      .select()
      .from(tenantProfiles)
      .where(eq(tenantProfiles.userId, tenant.user.id));
    const people = await db()
      .select()
      .from(householdPeople)
      .where(eq(householdPeople.tenantId, tenant.user.id));
    if (profiles.length === 0) expect(people).toEqual([]);
    else expect(people.some((row) => row.role === 'tenant' && row.id === profiles[0]?.id)).toBe(true);
  });
});
