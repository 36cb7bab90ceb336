import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { madridToday } from '@casaoferta/domain/rules/tenant-profile';
import { householdPeople } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { userWithSession } from '../../test/auth-helpers';
import { dni, errorOf, newPerson, person, personal, storedState, tenantClient, wizard } from './test-support';

/**
 * Issue 22 §6: a birth date is a calendar day of 1900–2200 (400 DATE_OUT_OF_RANGE: year 0 made
 * PostgreSQL fail with a 500, year 1 was stored) and a plausible age, 18 to 120 in Madrid today (422
 * UNDER_AGE, BIRTH_DATE_TOO_OLD), on every route that takes one; a refused one stores nothing.
 */
let t: TestApp;
let client: ReturnType<typeof tenantClient>;
beforeAll(async () => {
  t = await createTestApp();
  client = tenantClient(t.app);
});
afterAll(() => t.close());

const db = () => t.database.db;

/** Today in Madrid moved `years` back (29 February of a common year is past the 28th, as the rule reads it). */
const yearsAgo = (years: number) => {
  const today = madridToday();
  return `${String(Number(today.slice(0, 4)) - years).padStart(4, '0')}${today.slice(4)}`;
};
const dayAfter = (day: string) => {
  const next = new Date(`${day.replace(/-02-29$/, '-02-28')}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

/** A tenant with a saved profile, a co-holder and a guarantor: each of the six routes has something to change. */
async function tenantWithPeople() {
  const tenant = await userWithSession(db(), { name: 'Teresa', surname: 'Inquilina' });
  const coHolder = newPerson(dni(201));
  const guarantor = newPerson(dni(202));
  for (const [method, url, body] of [
    ['PUT', '/api/tenant/profile', wizard],
    ['POST', '/api/tenant/co-titular', coHolder],
    ['POST', '/api/tenant/guarantor', guarantor],
  ] as const) {
    const response = await client.call(method, url, tenant.token, body);
    expect(response.statusCode, url).toBeLessThan(300);
  }
  return { tenant, coHolderId: coHolder.id, guarantorId: guarantor.id };
}

type Route = readonly [method: 'PUT' | 'POST', url: string, body: (birthDate: string) => object];

/**
 * The six routes that take a birth date, each with a body that is right but for it; the POSTs add a
 * new person, whose DNI is `round` apart from the last round's.
 */
const routesOf = (coHolderId: string, guarantorId: string, round = 0): readonly Route[] => [
  ['PUT', '/api/tenant/profile', (birthDate) => ({ ...wizard, birthDate })],
  ['PUT', '/api/tenant/profile/personal', (birthDate) => ({ ...personal, birthDate })],
  ['POST', '/api/tenant/co-titular', (birthDate) => newPerson(dni(300 + round), { birthDate })],
  ['POST', '/api/tenant/guarantor', (birthDate) => newPerson(dni(400 + round), { birthDate })],
  ['PUT', `/api/tenant/co-titular/${coHolderId}`, (birthDate) => person(dni(201), { birthDate })],
  ['PUT', `/api/tenant/guarantor/${guarantorId}`, (birthDate) => person(dni(202), { birthDate })],
];

describe('a birth date on the tenant profile, its co-holders and its guarantors', () => {
  const refusals: readonly [what: string, birthDate: () => string, status: number, code: string][] = [
    ['year 0 (PostgreSQL has none)', () => '0000-01-01', 400, 'DATE_OUT_OF_RANGE'],
    ['year 1', () => '0001-01-01', 400, 'DATE_OUT_OF_RANGE'],
    ['1899', () => '1899-12-31', 400, 'DATE_OUT_OF_RANGE'],
    ['year 9999', () => '9999-12-31', 400, 'DATE_OUT_OF_RANGE'],
    ['29 February of a common year', () => '1990-02-29', 400, 'INVALID_INPUT'],
    ['month 13', () => '1990-13-01', 400, 'INVALID_INPUT'],
    ['a signed six-digit year', () => '+001990-01-01', 400, 'INVALID_INPUT'],
    ['121 years ago today', () => yearsAgo(121), 422, 'BIRTH_DATE_TOO_OLD'],
    ['1900, 126 years ago and more', () => '1900-01-01', 422, 'BIRTH_DATE_TOO_OLD'],
    ['one day short of 18', () => dayAfter(yearsAgo(18)), 422, 'UNDER_AGE'],
    ['tomorrow', () => dayAfter(madridToday()), 422, 'BIRTH_DATE_IN_FUTURE'],
  ];

  for (const [what, birthDate, status, code] of refusals) {
    it(`refuses ${what} on all six routes (${status} ${code}, field birthDate) and stores nothing`, async () => {
      const { tenant, coHolderId, guarantorId } = await tenantWithPeople();
      const before = await storedState(db(), tenant.user.id);
      for (const [method, url, body] of routesOf(coHolderId, guarantorId)) {
        const response = await client.call(method, url, tenant.token, body(birthDate()));
        expect(response.statusCode, `${method} ${url}`).toBe(status);
        expect(errorOf(response), `${method} ${url}`).toMatchObject({ code, field: 'birthDate' });
      }
      expect(await storedState(db(), tenant.user.id)).toEqual(before);
    });
  }

  it('takes 120 years old and 18 today on all six routes, and stores the day as given', async () => {
    const { tenant, coHolderId, guarantorId } = await tenantWithPeople();
    const accepted = [dayAfter(yearsAgo(121)), yearsAgo(18), '1990-04-12'];
    for (const [round, birthDate] of accepted.entries()) {
      for (const [method, url, body] of routesOf(coHolderId, guarantorId, round)) {
        const response = await client.call(method, url, tenant.token, body(birthDate));
        expect(response.statusCode, `${method} ${url} ${birthDate}`).toBeLessThan(300);
      }
      const people = await db()
        .select({ birthDate: householdPeople.birthDate })
        .from(householdPeople)
        .where(eq(householdPeople.tenantId, tenant.user.id));
      // The tenant, the two people changed and the one added of each role in this round.
      expect(people.filter((row) => row.birthDate === birthDate)).toHaveLength(5);
    }
  });
});
