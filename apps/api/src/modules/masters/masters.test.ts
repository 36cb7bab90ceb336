import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@casaoferta/domain/errors';
import { AnnouncementStatus, ContractStatus, OfferStatus } from '@casaoferta/domain/codes';
import type { Masters } from '@casaoferta/domain/schemas/masters';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codes = (items: { code: string }[] | undefined) => (items ?? []).map((i) => i.code);

describe('GET /api/masters', () => {
  it('returns every master list of SPEC 3 with Spanish labels and the error texts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/masters' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: Masters }>();
    expect(data.exceptionAttributes).toEqual(errorMessages);
    expect(data.exceptionAttributes.FORBIDDEN).toBe('No tienes permisos para realizar esa acción.');
    expect(data.yesNo.map((i) => i.code)).toEqual(['Si', 'No']);
    for (const key of [
      'userRenterTypeContract',
      'userRenterSalaryRange',
      'userRenterCivilStatus',
      'gender',
    ]) {
      expect(data.userAttributes[key]?.length, key).toBeGreaterThan(0);
    }
    expect(codes(data.announcementAttributes.statuses)).toEqual(
      expect.arrayContaining(Object.values(AnnouncementStatus)),
    );
    expect(codes(data.offerAttributes.statuses)).toEqual(expect.arrayContaining(Object.values(OfferStatus)));
    expect(codes(data.contractAttributes.statuses)).toEqual(
      expect.arrayContaining(Object.values(ContractStatus)),
    );
    expect(codes(data.propertyAttributes.validationStatuses)).toEqual([
      'PSG000',
      'PSG001',
      'PSG002',
      'PSG004',
    ]);
    const provinces = data.propertyAttributes.provinces ?? [];
    expect(provinces).toHaveLength(52);
    expect(provinces).toContainEqual({ code: '15', label: 'A Coruña' });
    expect(provinces).toContainEqual({ code: '35', label: 'Las Palmas' });
  });

  it('answers 304 to a request carrying its ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/masters' });
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/masters',
      headers: { 'if-none-match': String(etag) },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/masters',
      headers: { 'if-none-match': '"x"' },
    });
    expect(stale.statusCode).toBe(200);
  });
});

describe('POST /api/masters/province', () => {
  it('lists Spanish provinces sorted by their display name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/masters/province',
      payload: { countryCode: 'es' },
    });
    expect(res.statusCode).toBe(200);
    const labels = res.json<{ data: { label: string }[] }>().data.map((p) => p.label);
    expect(labels).toHaveLength(52);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'es')));
  });

  it('answers an empty list for a country without provinces', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/masters/province',
      payload: { countryCode: 'FR' },
    });
    expect(res.json()).toEqual({ data: [] });
  });

  it.each([{}, { countryCode: 'ESP' }, { countryCode: 7 }, { countryCode: "E'" }])(
    'rejects bad input %j with 400 INVALID_INPUT',
    async (payload) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/masters/province', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'countryCode' });
    },
  );
});

describe('POST /api/masters/municipality', () => {
  it('lists the municipalities of a province with the article first', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/masters/municipality',
      payload: { provinceCode: '04' },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: { code: string; label: string }[] }>().data;
    expect(data.length).toBeGreaterThan(100);
    expect(data.every((m) => m.code.startsWith('04'))).toBe(true);
    expect(data).toContainEqual({ code: '04902', label: 'El Ejido' });
  });

  it('rejects a malformed province code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/masters/municipality',
      payload: { provinceCode: '4; drop table provinces' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/masters/announcement-roles', () => {
  it('answers owner, tenant and buyer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/masters/announcement-roles' });
    expect(res.json().data.map((r: { code: string }) => r.code)).toEqual(['OWNER', 'TENANT', 'BUYER']);
  });
});
