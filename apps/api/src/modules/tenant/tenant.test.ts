import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { madridToday } from '@casaoferta/domain/rules/tenant-profile';
import type { HouseholdPerson, TenantProfile } from '@casaoferta/domain/schemas/tenant';
import { createAnnouncement, createOffer } from '../../db/factories';
import {
  announcements,
  householdPeople,
  offerEvents,
  offers,
  tenantProfiles,
  users,
} from '../../db/schema/index';
import { createSession } from '../../platform/auth';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, userWithSession } from '../../test/auth-helpers';
import {
  coexistence,
  dni,
  errorOf,
  fileExists,
  newPerson,
  person,
  personal,
  personRows,
  storedState,
  storeDocument,
  tenantClient,
  wizard,
  work,
} from './test-support';

let t: TestApp;
let client: ReturnType<typeof tenantClient>;
let agent: Awaited<ReturnType<typeof agentWithSession>>;
beforeAll(async () => {
  t = await createTestApp();
  client = tenantClient(t.app);
  agent = await agentWithSession(t.database.db, 'supervisor');
});
afterAll(() => t.close());

const db = () => t.database.db;
const newTenant = (name = 'Teresa') => userWithSession(db(), { name, surname: 'Inquilina' });
const read = async (token: string): Promise<TenantProfile> => {
  const response = await client.profile(token);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: TenantProfile }>().data;
};
const completedFlag = async (userId: string) => {
  const [row] = await db()
    .select({ flag: users.hasProfileCompleted })
    .from(users)
    .where(eq(users.id, userId));
  return row?.flag;
};
const yearsAgo = (years: number) => {
  const today = madridToday();
  return `${String(Number(today.slice(0, 4)) - years).padStart(4, '0')}${today.slice(4)}`;
};

/** Every route of the profile, with a body that would pass its schema. */
const routes = (personId: string) =>
  [
    ['GET', '/api/tenant', undefined],
    ['PUT', '/api/tenant/profile', wizard],
    ['PUT', '/api/tenant/profile/working', work],
    ['PUT', '/api/tenant/profile/personal', personal],
    ['PUT', '/api/tenant/profile/coexistence', coexistence],
    ['PUT', '/api/tenant/profile/presentation', { presentation: 'Hola' }],
    ['DELETE', '/api/tenant/profile', undefined],
    ['POST', '/api/tenant/co-titular', newPerson(dni(1))],
    ['POST', '/api/tenant/guarantor', newPerson(dni(2))],
    ['PUT', `/api/tenant/co-titular/${personId}`, person(dni(3))],
    ['PUT', `/api/tenant/guarantor/${personId}`, person(dni(4))],
    ['DELETE', `/api/tenant/co-titular/${personId}`, undefined],
    ['DELETE', `/api/tenant/guarantor/${personId}`, undefined],
  ] as const;

describe('who may call the tenant profile', () => {
  it('a visitor gets 401 and an agent on their own session 403, on every route, and nothing is stored', async () => {
    const tenant = await newTenant();
    const coHolder = newPerson(dni(10));
    expect((await client.call('POST', '/api/tenant/co-titular', tenant.token, coHolder)).statusCode).toBe(
      201,
    );
    const before = await storedState(db(), tenant.user.id);
    for (const [method, url, body] of routes(coHolder.id)) {
      const visitor = await client.call(method, url, null, body);
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      const asAgent = await client.call(method, url, agent.token, body);
      expect(asAgent.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await storedState(db(), tenant.user.id)).toEqual(before);
  });

  it('an agent acting as the tenant reads and saves the profile and its people, but cannot delete the profile', async () => {
    const tenant = await newTenant();
    const { token } = await createSession(db(), {
      userId: tenant.user.id,
      kind: 'impersonation',
      agentId: agent.agent.id,
      reason: 'Ayuda con el perfil',
    });
    expect((await client.call('PUT', '/api/tenant/profile', token, wizard)).statusCode).toBe(200);
    const guarantor = newPerson(dni(20));
    expect((await client.call('POST', '/api/tenant/guarantor', token, guarantor)).statusCode).toBe(201);
    const changed = await client.call('PUT', `/api/tenant/guarantor/${guarantor.id}`, token, person(dni(21)));
    expect(changed.statusCode).toBe(200);
    const profile = await read(token);
    expect(profile).toMatchObject({ nif: '12345678Z', hasGuarantor: true });
    expect(profile.guarantors.map((g) => g.nif)).toEqual([dni(21)]);
    expect((await client.call('DELETE', `/api/tenant/guarantor/${guarantor.id}`, token)).statusCode).toBe(
      204,
    );
    expect((await client.call('DELETE', '/api/tenant/profile', token)).statusCode).toBe(403);
    expect((await read(tenant.token)).id).not.toBeNull();
    expect((await client.call('DELETE', '/api/tenant/profile', tenant.token)).statusCode).toBe(200);
    expect((await read(tenant.token)).id).toBeNull();
  });

  it("another tenant's co-holder or guarantor is 404 on PUT and DELETE, and stays as it was", async () => {
    const owner = await newTenant('Olga');
    const other = await newTenant('Óscar');
    const coHolder = newPerson(dni(30));
    const guarantor = newPerson(dni(31));
    await client.call('POST', '/api/tenant/co-titular', owner.token, coHolder);
    await client.call('POST', '/api/tenant/guarantor', owner.token, guarantor);
    const before = await storedState(db(), owner.user.id);
    const otherBefore = await storedState(db(), other.user.id);
    const attempts = [
      ['PUT', `/api/tenant/co-titular/${coHolder.id}`, person(dni(32))],
      ['DELETE', `/api/tenant/co-titular/${coHolder.id}`, undefined],
      ['PUT', `/api/tenant/guarantor/${guarantor.id}`, person(dni(32))],
      ['DELETE', `/api/tenant/guarantor/${guarantor.id}`, undefined],
      ['PUT', `/api/tenant/co-titular/${randomUUID()}`, person(dni(32))],
      ['DELETE', `/api/tenant/guarantor/${randomUUID()}`, undefined],
    ] as const;
    for (const [method, url, body] of attempts) {
      const response = await client.call(method, url, other.token, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(response)?.code).toBe('NOT_FOUND');
    }
    expect(await storedState(db(), owner.user.id)).toEqual(before);
    expect(await storedState(db(), other.user.id)).toEqual(otherBefore);
  });

  it('a co-holder named on the guarantor routes (or the other way round) is 404 for its own tenant', async () => {
    const tenant = await newTenant();
    const coHolder = newPerson(dni(40));
    await client.call('POST', '/api/tenant/co-titular', tenant.token, coHolder);
    const before = await storedState(db(), tenant.user.id);
    const put = await client.call(
      'PUT',
      `/api/tenant/guarantor/${coHolder.id}`,
      tenant.token,
      person(dni(41)),
    );
    expect(put.statusCode).toBe(404);
    const del = await client.call('DELETE', `/api/tenant/guarantor/${coHolder.id}`, tenant.token);
    expect(del.statusCode).toBe(404);
    const post = await client.call('POST', '/api/tenant/guarantor', tenant.token, {
      ...coHolder,
      nif: dni(41),
    });
    expect(post.statusCode).toBe(404);
    expect(await storedState(db(), tenant.user.id)).toEqual(before);
  });

  it("posting a person under an id of another tenant's person is 404 and stores nothing", async () => {
    const owner = await newTenant('Olga');
    const other = await newTenant('Óscar');
    const coHolder = newPerson(dni(50));
    await client.call('POST', '/api/tenant/co-titular', owner.token, coHolder);
    const before = await storedState(db(), other.user.id);
    const response = await client.call('POST', '/api/tenant/co-titular', other.token, {
      ...coHolder,
      nif: dni(51),
    });
    expect(response.statusCode).toBe(404);
    expect(await storedState(db(), other.user.id)).toEqual(before);
    const [row] = await db().select().from(householdPeople).where(eq(householdPeople.id, coHolder.id));
    expect(row).toMatchObject({ tenantId: owner.user.id, nif: dni(50) });
  });
});

describe('GET /api/tenant', () => {
  it('answers an empty profile before anything is saved', async () => {
    const tenant = await newTenant();
    expect(await read(tenant.token)).toEqual({
      id: null,
      nif: null,
      typeContractCode: null,
      salaryRangeCode: null,
      name: null,
      surname: null,
      birthDate: null,
      countryCode: null,
      civilStatusCode: null,
      numberCohabitants: null,
      numberChildren: null,
      hasPets: null,
      hasSmokers: null,
      presentation: null,
      hasCoTitular: false,
      hasGuarantor: false,
      coTitulars: [],
      guarantors: [],
      documents: [],
      completeness: {
        hasTenantProfileCompleted: false,
        hasTenantProfileCompletedToOffer: false,
        hasProfileCompletedToSaleOffer: false,
      },
      updatedAt: null,
    });
  });

  it('lists co-holders and guarantors in the order they were added, each with their documents', async () => {
    const tenant = await newTenant();
    await client.call('PUT', '/api/tenant/profile', tenant.token, wizard);
    const ids: string[] = [];
    for (const [index, path] of (['co-titular', 'guarantor', 'co-titular', 'guarantor'] as const).entries()) {
      const body = newPerson(dni(60 + index));
      ids.push(body.id);
      expect((await client.call('POST', `/api/tenant/${path}`, tenant.token, body)).statusCode).toBe(201);
    }
    const [first, second, third, fourth] = ids;
    if (!first || !second || !third || !fourth) throw new Error('four people');
    const own = await storeDocument(db(), tenant.user.id, null);
    const ofGuarantor = await storeDocument(db(), tenant.user.id, second);
    const profile = await read(tenant.token);
    expect(profile.coTitulars.map((p) => p.id)).toEqual([first, third]);
    expect(profile.guarantors.map((p) => p.id)).toEqual([second, fourth]);
    expect(profile).toMatchObject({ hasCoTitular: true, hasGuarantor: true });
    expect(profile.documents.map((d) => d.id)).toEqual([own.id]);
    expect(profile.guarantors[0]?.documents).toEqual([
      {
        id: ofGuarantor.id,
        kindCode: 'TDK002',
        fileName: 'nomina-enero.pdf',
        contentType: 'application/pdf',
        size: 4,
        createdAt: ofGuarantor.createdAt.toISOString(),
      },
    ]);
    expect(profile.coTitulars[0]?.documents).toEqual([]);
    expect(profile.coTitulars[0]).toMatchObject({ role: 'co_holder', ...person(dni(60)) });
  });
});

describe('the wizard saves the tenant profile', () => {
  it('creates the profile on the first save, normalises the NIF, and updates it afterwards', async () => {
    const tenant = await newTenant();
    const response = await client.call('PUT', '/api/tenant/profile', tenant.token, {
      ...wizard,
      nif: ' 12345678z ',
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json<{ data: TenantProfile }>().data;
    expect(saved).toMatchObject({
      ...wizard,
      nif: '12345678Z',
      presentation: null,
      completeness: {
        hasTenantProfileCompleted: true,
        hasTenantProfileCompletedToOffer: true,
        hasProfileCompletedToSaleOffer: true,
      },
    });
    expect(saved.id).not.toBeNull();
    const [self] = await personRows(db(), tenant.user.id, 'tenant');
    expect(self?.id).toBe(saved.id);
    expect(await completedFlag(tenant.user.id)).toBe(true);

    const again = await client.call('PUT', '/api/tenant/profile', tenant.token, {
      ...wizard,
      nif: 'x1234567l',
      numberCohabitants: 0,
      numberChildren: 0,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: TenantProfile }>().data).toMatchObject({
      id: saved.id,
      nif: 'X1234567L',
      numberCohabitants: 0,
    });
    expect(
      await db().select().from(tenantProfiles).where(eq(tenantProfiles.userId, tenant.user.id)),
    ).toHaveLength(1);
    expect(await personRows(db(), tenant.user.id, 'tenant')).toHaveLength(1);
  });

  it('saves section by section; has_profile_completed follows what is stored', async () => {
    const tenant = await newTenant();
    const step1 = await client.call('PUT', '/api/tenant/profile/working', tenant.token, work);
    expect(step1.statusCode).toBe(200);
    expect(step1.json<{ data: TenantProfile }>().data).toMatchObject({
      ...work,
      name: null,
      numberCohabitants: null,
      completeness: {
        hasTenantProfileCompleted: false,
        hasTenantProfileCompletedToOffer: true,
        hasProfileCompletedToSaleOffer: true,
      },
    });
    expect(await completedFlag(tenant.user.id)).toBe(false);
    expect(
      (await client.call('PUT', '/api/tenant/profile/personal', tenant.token, personal)).statusCode,
    ).toBe(200);
    expect(await completedFlag(tenant.user.id)).toBe(false);
    const step3 = await client.call('PUT', '/api/tenant/profile/coexistence', tenant.token, coexistence);
    expect(step3.statusCode).toBe(200);
    expect(step3.json<{ data: TenantProfile }>().data).toMatchObject({
      ...wizard,
      completeness: { hasTenantProfileCompleted: true },
    });
    expect(await completedFlag(tenant.user.id)).toBe(true);
  });

  it('stores the presentation, and an empty text clears it', async () => {
    const tenant = await newTenant();
    const saved = await client.call('PUT', '/api/tenant/profile/presentation', tenant.token, {
      presentation: '  Somos una pareja tranquila.  ',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ data: TenantProfile }>().data).toMatchObject({
      presentation: 'Somos una pareja tranquila.',
      nif: null,
    });
    expect(saved.json<{ data: TenantProfile }>().data.id).not.toBeNull();
    const cleared = await client.call('PUT', '/api/tenant/profile/presentation', tenant.token, {
      presentation: '',
    });
    expect(cleared.json<{ data: TenantProfile }>().data.presentation).toBeNull();
    expect(await completedFlag(tenant.user.id)).toBe(false);
  });

  const refusals: [string, string, object, number, string, string?][] = [
    [
      'an identifier that is no DNI or NIE',
      '/api/tenant/profile',
      { ...wizard, nif: 'ABC123' },
      422,
      'NIF_INVALID',
      'nif',
    ],
    [
      'a DNI with the wrong check letter',
      '/api/tenant/profile/working',
      { ...work, nif: '12345678A' },
      422,
      'NIF_INVALID',
      'nif',
    ],
    [
      'an identifier of spaces only',
      '/api/tenant/profile/working',
      { ...work, nif: '   ' },
      400,
      'INVALID_INPUT',
      'nif',
    ],
    [
      'a contract type not in master data',
      '/api/tenant/profile',
      { ...wizard, typeContractCode: 'UTC999' },
      422,
      'UNKNOWN_OPTION',
      'typeContractCode',
    ],
    [
      'a salary band not in master data',
      '/api/tenant/profile/working',
      { ...work, salaryRangeCode: 'URS999' },
      422,
      'UNKNOWN_OPTION',
      'salaryRangeCode',
    ],
    [
      'a country not in master data',
      '/api/tenant/profile/personal',
      { ...personal, countryCode: 'QQ' },
      422,
      'UNKNOWN_OPTION',
      'countryCode',
    ],
    [
      'a civil status not in master data',
      '/api/tenant/profile',
      { ...wizard, civilStatusCode: 'UCS999' },
      422,
      'UNKNOWN_OPTION',
      'civilStatusCode',
    ],
    [
      'a birth date in the future',
      '/api/tenant/profile',
      { ...wizard, birthDate: yearsAgo(-1) },
      422,
      'BIRTH_DATE_IN_FUTURE',
      'birthDate',
    ],
    [
      'a tenant under 18',
      '/api/tenant/profile/personal',
      { ...personal, birthDate: yearsAgo(17) },
      422,
      'UNDER_AGE',
      'birthDate',
    ],
    [
      '11 cohabitants',
      '/api/tenant/profile',
      { ...wizard, numberCohabitants: 11 },
      422,
      'COHABITANTS_OUT_OF_RANGE',
      'numberCohabitants',
    ],
    [
      'negative cohabitants',
      '/api/tenant/profile/coexistence',
      { ...coexistence, numberCohabitants: -1 },
      422,
      'COHABITANTS_OUT_OF_RANGE',
      'numberCohabitants',
    ],
    [
      'more children than cohabitants',
      '/api/tenant/profile/coexistence',
      { ...coexistence, numberCohabitants: 2, numberChildren: 3 },
      422,
      'CHILDREN_OVER_COHABITANTS',
      'numberChildren',
    ],
    ['a missing field', '/api/tenant/profile', { ...work, ...personal }, 400, 'INVALID_INPUT'],
    [
      'a name holding a web address (issue 22)',
      '/api/tenant/profile/personal',
      { ...personal, name: 'Entra en evil.example' },
      422,
      'NAME_INVALID',
      'name',
    ],
    [
      'a surname with digits (issue 22)',
      '/api/tenant/profile',
      { ...work, ...personal, ...coexistence, surname: 'Usuario 12' },
      422,
      'NAME_INVALID',
      'surname',
    ],
    [
      'a date that does not exist',
      '/api/tenant/profile/personal',
      { ...personal, birthDate: '1990-02-30' },
      400,
      'INVALID_INPUT',
      'birthDate',
    ],
  ];

  for (const [what, url, body, status, code, field] of refusals) {
    it(`refuses ${what} (${status} ${code}) and stores nothing`, async () => {
      const tenant = await newTenant();
      const before = await storedState(db(), tenant.user.id);
      const response = await client.call('PUT', url, tenant.token, body);
      expect(response.statusCode).toBe(status);
      expect(errorOf(response)).toMatchObject({ code, ...(field ? { field } : {}) });
      expect(await storedState(db(), tenant.user.id)).toEqual(before);
      expect((await read(tenant.token)).id).toBeNull();
    });
  }

  it('refuses the tenant’s NIF when a co-holder or a guarantor has it, and leaves the profile as it was', async () => {
    const tenant = await newTenant();
    await client.call('PUT', '/api/tenant/profile', tenant.token, wizard);
    await client.call('POST', '/api/tenant/co-titular', tenant.token, newPerson(dni(70)));
    await client.call('POST', '/api/tenant/guarantor', tenant.token, newPerson(dni(71)));
    const before = await storedState(db(), tenant.user.id);
    const asCoHolder = await client.call('PUT', '/api/tenant/profile', tenant.token, {
      ...wizard,
      nif: ` ${dni(70).toLowerCase()}`,
    });
    expect(asCoHolder.statusCode).toBe(422);
    expect(errorOf(asCoHolder)).toMatchObject({ code: 'NIF_USED_BY_COTITULAR', field: 'nif' });
    const asGuarantor = await client.call('PUT', '/api/tenant/profile/working', tenant.token, {
      ...work,
      nif: dni(71),
    });
    expect(asGuarantor.statusCode).toBe(422);
    expect(errorOf(asGuarantor)?.code).toBe('NIF_USED_BY_GUARANTOR');
    expect(await storedState(db(), tenant.user.id)).toEqual(before);
  });

  it('a failed save after a complete one keeps has_profile_completed true', async () => {
    const tenant = await newTenant();
    await client.call('PUT', '/api/tenant/profile', tenant.token, wizard);
    const refused = await client.call('PUT', '/api/tenant/profile/coexistence', tenant.token, {
      ...coexistence,
      numberCohabitants: 11,
    });
    expect(refused.statusCode).toBe(422);
    expect(await completedFlag(tenant.user.id)).toBe(true);
  });
});

describe('co-holders and guarantors', () => {
  for (const [path, role] of [
    ['co-titular', 'co_holder'],
    ['guarantor', 'guarantor'],
  ] as const) {
    it(`POST /api/tenant/${path} adds one (201), a retry answers it (200), PUT changes it, DELETE removes it`, async () => {
      const tenant = await newTenant();
      const body = newPerson(` ${dni(80).toLowerCase()} `);
      const created = await client.call('POST', `/api/tenant/${path}`, tenant.token, body);
      expect(created.statusCode).toBe(201);
      const stored = created.json<{ data: HouseholdPerson }>().data;
      expect(stored).toEqual({ ...person(dni(80)), id: body.id, role, documents: [] });

      const retry = await client.call('POST', `/api/tenant/${path}`, tenant.token, body);
      expect(retry.statusCode).toBe(200);
      expect(retry.json<{ data: HouseholdPerson }>().data).toEqual(stored);
      expect(await personRows(db(), tenant.user.id, role)).toHaveLength(1);

      // Adding a person before the profile exists creates the (empty) profile.
      const profile = await read(tenant.token);
      expect(profile.id).not.toBeNull();
      expect(profile.nif).toBeNull();
      expect(await completedFlag(tenant.user.id)).toBe(false);

      const changed = await client.call('PUT', `/api/tenant/${path}/${body.id}`, tenant.token, {
        ...person(dni(80)),
        name: 'María',
        salaryRangeCode: 'URS007',
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json<{ data: HouseholdPerson }>().data).toMatchObject({
        id: body.id,
        name: 'María',
        salaryRangeCode: 'URS007',
        nif: dni(80),
      });

      const document = await storeDocument(db(), tenant.user.id, body.id);
      const own = await storeDocument(db(), tenant.user.id, null);
      const removed = await client.call('DELETE', `/api/tenant/${path}/${body.id}`, tenant.token);
      expect(removed.statusCode).toBe(204);
      expect(removed.body).toBe('');
      expect(await personRows(db(), tenant.user.id, role)).toEqual([]);
      const after = await storedState(db(), tenant.user.id);
      expect(after.documents.map((d) => d.id)).toEqual([own.id]);
      expect(await fileExists(document.storageKey)).toBe(false);
      expect(await fileExists(own.storageKey)).toBe(true);
      const again = await client.call('DELETE', `/api/tenant/${path}/${body.id}`, tenant.token);
      expect(again.statusCode).toBe(404);
    });

    it(`POST /api/tenant/${path} allows 4 and refuses a fifth with TOO_MANY_PEOPLE`, async () => {
      const tenant = await newTenant();
      for (let i = 0; i < 4; i += 1) {
        expect(
          (await client.call('POST', `/api/tenant/${path}`, tenant.token, newPerson(dni(90 + i)))).statusCode,
        ).toBe(201);
      }
      const before = await storedState(db(), tenant.user.id);
      const fifth = await client.call('POST', `/api/tenant/${path}`, tenant.token, newPerson(dni(95)));
      expect(fifth.statusCode).toBe(422);
      expect(errorOf(fifth)?.code).toBe('TOO_MANY_PEOPLE');
      expect(await storedState(db(), tenant.user.id)).toEqual(before);
    });
  }

  it('refuses a person whose NIF is another person’s of the profile, naming who holds it', async () => {
    const tenant = await newTenant();
    await client.call('PUT', '/api/tenant/profile', tenant.token, wizard);
    const coHolder = newPerson(dni(100));
    const guarantor = newPerson(dni(101));
    await client.call('POST', '/api/tenant/co-titular', tenant.token, coHolder);
    await client.call('POST', '/api/tenant/guarantor', tenant.token, guarantor);
    const before = await storedState(db(), tenant.user.id);
    const cases = [
      ['POST', '/api/tenant/co-titular', newPerson('12345678z'), 'NIF_USED_BY_TENANT'],
      ['POST', '/api/tenant/guarantor', newPerson(wizard.nif), 'NIF_USED_BY_TENANT'],
      ['POST', '/api/tenant/co-titular', newPerson(dni(101)), 'NIF_USED_BY_GUARANTOR'],
      ['POST', '/api/tenant/guarantor', newPerson(dni(100)), 'NIF_USED_BY_COTITULAR'],
      ['POST', '/api/tenant/co-titular', newPerson(dni(100)), 'NIF_USED_BY_COTITULAR'],
      ['PUT', `/api/tenant/co-titular/${coHolder.id}`, person(dni(101)), 'NIF_USED_BY_GUARANTOR'],
      ['PUT', `/api/tenant/guarantor/${guarantor.id}`, person(wizard.nif), 'NIF_USED_BY_TENANT'],
    ] as const;
    for (const [method, url, body, code] of cases) {
      const response = await client.call(method, url, tenant.token, body);
      expect(response.statusCode, `${method} ${url} ${body.nif}`).toBe(422);
      expect(errorOf(response), `${method} ${url} ${body.nif}`).toMatchObject({ code, field: 'nif' });
    }
    expect(await storedState(db(), tenant.user.id)).toEqual(before);
    // Its own NIF again is no conflict.
    const same = await client.call(
      'PUT',
      `/api/tenant/co-titular/${coHolder.id}`,
      tenant.token,
      person(dni(100)),
    );
    expect(same.statusCode).toBe(200);
  });

  const personRefusals: [string, object, string, string][] = [
    ['an invalid NIF', { nif: 'ABC' }, 'NIF_INVALID', 'nif'],
    ['a wrong check letter', { nif: '00000000A' }, 'NIF_INVALID', 'nif'],
    ['a name holding a web address', { name: 'https://evil.example/es' }, 'NAME_INVALID', 'name'],
    ['dots in a row in the surname', { surname: 'Gil..Marín' }, 'NAME_INVALID', 'surname'],
    ['a birth date in the future', { birthDate: yearsAgo(-2) }, 'BIRTH_DATE_IN_FUTURE', 'birthDate'],
    ['a person under 18', { birthDate: yearsAgo(17) }, 'UNDER_AGE', 'birthDate'],
    ['a salary band not in master data', { salaryRangeCode: 'URS000' }, 'UNKNOWN_OPTION', 'salaryRangeCode'],
    ['a contract type not in master data', { typeContractCode: 'XXX' }, 'UNKNOWN_OPTION', 'typeContractCode'],
  ];
  for (const [what, overrides, code, field] of personRefusals) {
    it(`refuses a co-holder or guarantor with ${what} (422 ${code}) and stores nothing`, async () => {
      const tenant = await newTenant();
      const existing = newPerson(dni(110));
      await client.call('POST', '/api/tenant/guarantor', tenant.token, existing);
      const before = await storedState(db(), tenant.user.id);
      const added = await client.call(
        'POST',
        '/api/tenant/co-titular',
        tenant.token,
        newPerson(dni(111), overrides),
      );
      expect(added.statusCode).toBe(422);
      expect(errorOf(added)).toMatchObject({ code, field });
      const changed = await client.call('PUT', `/api/tenant/guarantor/${existing.id}`, tenant.token, {
        ...person(dni(110)),
        ...overrides,
      });
      expect(changed.statusCode).toBe(422);
      expect(errorOf(changed)).toMatchObject({ code, field });
      expect(await storedState(db(), tenant.user.id)).toEqual(before);
    });
  }

  it('refuses a client id that is no uuid (400) and stores nothing', async () => {
    const tenant = await newTenant();
    const before = await storedState(db(), tenant.user.id);
    const response = await client.call(
      'POST',
      '/api/tenant/co-titular',
      tenant.token,
      newPerson(dni(120), { id: 'uno' }),
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)?.code).toBe('INVALID_INPUT');
    expect(await storedState(db(), tenant.user.id)).toEqual(before);
  });
});

describe('DELETE /api/tenant/profile', () => {
  it('removes the profile, its people and documents, clears the flag and withdraws sent offers only', async () => {
    const tenant = await newTenant();
    const owner = await userWithSession(db(), { name: 'Olga', surname: 'Dueña' });
    await client.call('PUT', '/api/tenant/profile', tenant.token, wizard);
    const coHolder = newPerson(dni(130));
    await client.call('POST', '/api/tenant/co-titular', tenant.token, coHolder);
    await client.call('POST', '/api/tenant/guarantor', tenant.token, newPerson(dni(131)));
    const own = await storeDocument(db(), tenant.user.id, null);
    const ofCoHolder = await storeDocument(db(), tenant.user.id, coHolder.id);
    expect(await completedFlag(tenant.user.id)).toBe(true);

    const { announcement: first } = await createAnnouncement(db(), owner.user.id);
    const { announcement: second } = await createAnnouncement(db(), owner.user.id);
    const { announcement: chosen } = await createAnnouncement(db(), owner.user.id, { statusCode: 'AST004' });
    const rival = await userWithSession(db(), { name: 'Rita', surname: 'Rival' });
    const sent = await createOffer(db(), first.id, tenant.user.id, { amount: 1200 });
    await createOffer(db(), first.id, rival.user.id, { amount: 1050 });
    const sentToo = await createOffer(db(), second.id, tenant.user.id, { amount: 900 });
    const selected = await createOffer(db(), chosen.id, tenant.user.id, { statusCode: 'OSC002' });

    const response = await client.call('DELETE', '/api/tenant/profile', tenant.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { withdrawnOffers: 2 } });

    const after = await storedState(db(), tenant.user.id);
    expect(after).toEqual({ profile: [], people: [], documents: [], hasProfileCompleted: false });
    expect(await fileExists(own.storageKey)).toBe(false);
    expect(await fileExists(ofCoHolder.storageKey)).toBe(false);
    expect((await read(tenant.token)).id).toBeNull();

    const statusOf = async (id: string) =>
      (await db().select({ status: offers.statusCode }).from(offers).where(eq(offers.id, id)))[0]?.status;
    expect(await statusOf(sent.id)).toBe('OSC003');
    expect(await statusOf(sentToo.id)).toBe('OSC003');
    expect(await statusOf(selected.id)).toBe('OSC002');
    const events = await db().select().from(offerEvents).where(eq(offerEvents.offerId, sent.id));
    expect(events.map((e) => e.kind)).toEqual(['sent', 'withdrawn']);
    const [summary] = await db()
      .select({ highestOffer: announcements.highestOffer, offersCount: announcements.offersCount })
      .from(announcements)
      .where(eq(announcements.id, first.id));
    expect(summary).toEqual({ highestOffer: 1050, offersCount: 1 });

    // Nothing left: deleting again withdraws nothing more, and the tenant can start over.
    const again = await client.call('DELETE', '/api/tenant/profile', tenant.token);
    expect(again.json()).toEqual({ data: { withdrawnOffers: 0 } });
    expect((await client.call('PUT', '/api/tenant/profile', tenant.token, wizard)).statusCode).toBe(200);
    expect(await completedFlag(tenant.user.id)).toBe(true);
  });

  it("leaves other tenants' profiles alone", async () => {
    const tenant = await newTenant();
    const other = await newTenant('Otilia');
    await client.call('PUT', '/api/tenant/profile', other.token, wizard);
    await client.call('POST', '/api/tenant/co-titular', other.token, newPerson(dni(140)));
    const before = await storedState(db(), other.user.id);
    expect((await client.call('DELETE', '/api/tenant/profile', tenant.token)).statusCode).toBe(200);
    expect(await storedState(db(), other.user.id)).toEqual(before);
  });
});
