import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { userAttributes } from '../masters/user';
import {
  birthDateBounds,
  birthDateIssue,
  childrenOptions,
  coexistenceIssue,
  isStepFilled,
  madridToday,
  MAX_AGE,
  MAX_COHABITANTS,
  nifIssue,
  personalIssue,
  profileCompleteness,
  storedProfileOf,
  stepRequiredFields,
  wizardSteps,
  workIssue,
  type HouseholdIds,
  type ProfileOptions,
  type StoredProfile,
} from './tenant-profile';

const work = { nif: '87654321X', typeContractCode: 'UTC001', salaryRangeCode: 'URS005' };
const personal = {
  name: 'Teo',
  surname: 'Inquilino',
  birthDate: '1990-04-12',
  countryCode: 'ES',
  civilStatusCode: 'UCS001',
};
const coexistence = { numberCohabitants: 2, numberChildren: 0, hasPets: false, hasSmokers: false };

describe('wizard steps (SPEC 4.3, 5.4)', () => {
  it('has three steps for the profile and two for a co-holder or guarantor', () => {
    expect(wizardSteps.profile).toEqual(['work', 'personal', 'household']);
    expect(wizardSteps.person).toEqual(['work', 'personal']);
  });

  it('fills a step only when every required field has a value', () => {
    expect(isStepFilled('work', work)).toBe(true);
    expect(isStepFilled('personal', personal)).toBe(true);
    // 0 and false are answers.
    expect(isStepFilled('household', { ...coexistence, numberCohabitants: 0 })).toBe(true);
    for (const [step, values] of [
      ['work', work],
      ['personal', personal],
      ['household', coexistence],
    ] as const) {
      for (const field of stepRequiredFields[step]) {
        expect(isStepFilled(step, { ...values, [field]: null }), `${step}.${field} null`).toBe(false);
        expect(isStepFilled(step, { ...values, [field]: undefined }), `${step}.${field} missing`).toBe(false);
      }
    }
    expect(isStepFilled('work', { ...work, nif: '   ' })).toBe(false);
    expect(isStepFilled('personal', { ...personal, surname: '' })).toBe(false);
    // Another step's fields do not fill this one.
    expect(isStepFilled('work', personal)).toBe(false);
  });

  it('offers children from 0 up to the cohabitants, disabled when there are none', () => {
    expect(childrenOptions(0)).toEqual({ values: [0], disabled: true });
    expect(childrenOptions(1)).toEqual({ values: [0, 1], disabled: false });
    expect(childrenOptions(3)).toEqual({ values: [0, 1, 2, 3], disabled: false });
    expect(childrenOptions(MAX_COHABITANTS).values).toHaveLength(11);
    expect(childrenOptions(-2)).toEqual({ values: [0], disabled: true });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_COHABITANTS }), (cohabitants) => {
        const { values } = childrenOptions(cohabitants);
        expect(values).toEqual(Array.from({ length: cohabitants + 1 }, (_, i) => i));
        // Every option is a number of children the rule accepts.
        for (const children of values) {
          expect(
            coexistenceIssue({ ...coexistence, numberCohabitants: cohabitants, numberChildren: children }),
          ).toBeNull();
        }
      }),
    );
  });
});

describe('birth date', () => {
  const today = '2026-11-23';

  it('may not be after today', () => {
    expect(birthDateIssue('2026-11-24', today)).toEqual({ code: 'BIRTH_DATE_IN_FUTURE', field: 'birthDate' });
    expect(birthDateIssue('2030-01-01', today)?.code).toBe('BIRTH_DATE_IN_FUTURE');
  });

  it('must be of age: 18 exactly today is, one day short is not', () => {
    expect(birthDateIssue('2008-11-23', today)).toBeNull();
    expect(birthDateIssue('2008-11-24', today)).toEqual({ code: 'UNDER_AGE', field: 'birthDate' });
    expect(birthDateIssue(today, today)?.code).toBe('UNDER_AGE');
    expect(birthDateIssue('1950-01-01', today)).toBeNull();
  });

  it('makes someone born on 29 February of age on 1 March', () => {
    expect(birthDateIssue('2008-02-29', '2026-02-28')?.code).toBe('UNDER_AGE');
    expect(birthDateIssue('2008-02-29', '2026-03-01')).toBeNull();
    expect(birthDateIssue('2010-02-28', '2028-02-28')).toBeNull();
    expect(birthDateIssue('2012-02-29', '2030-02-28')?.code).toBe('UNDER_AGE');
    expect(birthDateIssue('2012-02-29', '2030-03-01')).toBeNull();
    // 18 is not a multiple of 4: the 18th birthday of someone born on 29 February is never in a leap year.
    expect(birthDateIssue('2004-02-29', '2022-02-28')?.code).toBe('UNDER_AGE');
    expect(birthDateIssue('2004-02-29', '2022-03-01')).toBeNull();
  });

  it('must be a real date written YYYY-MM-DD', () => {
    for (const wrong of ['2007-02-29', '2000-13-01', '2000-04-31', '12/04/1990', '', '1990-4-12']) {
      expect(birthDateIssue(wrong, today), wrong).toEqual({ code: 'INVALID_INPUT', field: 'birthDate' });
    }
  });

  it('may be 120 years old, not 121: an older date is a slip, answered BIRTH_DATE_TOO_OLD', () => {
    expect(MAX_AGE).toBe(120);
    expect(birthDateIssue('1906-11-23', today)).toBeNull();
    expect(birthDateIssue('1905-11-24', today)).toBeNull();
    expect(birthDateIssue('1905-11-23', today)).toEqual({ code: 'BIRTH_DATE_TOO_OLD', field: 'birthDate' });
    for (const old of ['1900-01-01', '1000-06-15', '0001-01-01', '0000-01-01']) {
      expect(birthDateIssue(old, today)?.code, old).toBe('BIRTH_DATE_TOO_OLD');
    }
    // Born on 29 February: 121 on 1 March of a common year.
    expect(birthDateIssue('1904-02-29', '2025-02-28')).toBeNull();
    expect(birthDateIssue('1904-02-29', '2025-03-01')?.code).toBe('BIRTH_DATE_TOO_OLD');
  });

  it("gives the date input the rule's bounds, leap days included", () => {
    expect(birthDateBounds(today)).toEqual({ min: '1905-11-24', max: '2008-11-23' });
    expect(birthDateBounds('2024-02-29')).toEqual({ min: '1903-03-01', max: '2006-02-28' });
    expect(birthDateBounds('2025-02-28')).toEqual({ min: '1904-02-29', max: '2007-02-28' });
    const day = (time: number) => new Date(time).toISOString().slice(0, 10);
    const dayAround = (date: string, days: number) =>
      day(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000);
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2199, 11, 31) }), (time) => {
        const now = day(time);
        const { min, max } = birthDateBounds(now);
        expect(birthDateIssue(min, now)).toBeNull();
        expect(birthDateIssue(max, now)).toBeNull();
        expect(birthDateIssue(dayAround(min, -1), now)?.code).toBe('BIRTH_DATE_TOO_OLD');
        expect(birthDateIssue(dayAround(max, 1), now)?.code).toBe('UNDER_AGE');
      }),
    );
  });

  it('knows today as Madrid does', () => {
    // 23:30 UTC on 23 November is already the 24th in Madrid (UTC+1); in summer UTC+2.
    expect(madridToday(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
    expect(madridToday(new Date('2026-11-23T22:59:00Z'))).toBe('2026-11-23');
    expect(madridToday(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02');
    expect(madridToday(new Date('2026-07-01T21:30:00Z'))).toBe('2026-07-01');
  });
});

describe('coexistence', () => {
  it('takes 0 to 10 cohabitants, not 11 nor fewer than 0', () => {
    for (let cohabitants = 0; cohabitants <= 10; cohabitants += 1) {
      expect(
        coexistenceIssue({ ...coexistence, numberCohabitants: cohabitants, numberChildren: 0 }),
      ).toBeNull();
    }
    expect(coexistenceIssue({ ...coexistence, numberCohabitants: 11, numberChildren: 0 })).toEqual({
      code: 'COHABITANTS_OUT_OF_RANGE',
      field: 'numberCohabitants',
    });
    expect(coexistenceIssue({ ...coexistence, numberCohabitants: -1, numberChildren: 0 })?.code).toBe(
      'COHABITANTS_OUT_OF_RANGE',
    );
  });

  it('takes children up to the cohabitants', () => {
    expect(coexistenceIssue({ ...coexistence, numberCohabitants: 3, numberChildren: 3 })).toBeNull();
    expect(coexistenceIssue({ ...coexistence, numberCohabitants: 3, numberChildren: 4 })).toEqual({
      code: 'CHILDREN_OVER_COHABITANTS',
      field: 'numberChildren',
    });
    expect(coexistenceIssue({ ...coexistence, numberCohabitants: 0, numberChildren: 1 })?.code).toBe(
      'CHILDREN_OVER_COHABITANTS',
    );
    expect(coexistenceIssue({ ...coexistence, numberCohabitants: 2, numberChildren: -1 })?.field).toBe(
      'numberChildren',
    );
  });
});

describe('identifier of the tenant, a co-holder or a guarantor (SPEC 5.3)', () => {
  const ids: HouseholdIds = {
    tenant: '87654321X',
    coHolders: [
      { id: 'co-1', nif: 'X1234567L' },
      { id: 'co-2', nif: ' 11111111h ' },
    ],
    guarantors: [{ id: 'gu-1', nif: '00000000T' }],
  };

  it('requires a DNI or NIE with its check letter', () => {
    expect(nifIssue('', ids, null)).toEqual({ code: 'NIF_REQUIRED', field: 'nif' });
    expect(nifIssue('   ', ids, null)?.code).toBe('NIF_REQUIRED');
    expect(nifIssue('87654321A', ids, null)).toEqual({ code: 'NIF_INVALID', field: 'nif' });
    expect(nifIssue('X1234567A', ids, null)?.code).toBe('NIF_INVALID');
    expect(nifIssue('1234567', ids, null)?.code).toBe('NIF_INVALID');
    // NIEs with X, Y and Z.
    const empty: HouseholdIds = { tenant: null, coHolders: [], guarantors: [] };
    for (const nie of ['X1234567L', 'Y1234567X', 'Z7654321H'])
      expect(nifIssue(nie, empty, null), nie).toBeNull();
  });

  it('keeps the tenant’s own identifier and refuses another person’s of the profile', () => {
    // The tenant (selfId null) editing keeps theirs.
    expect(nifIssue('87654321X', ids, null)).toBeNull();
    expect(nifIssue('X1234567L', ids, null)).toEqual({ code: 'NIF_USED_BY_COTITULAR', field: 'nif' });
    expect(nifIssue('00000000T', ids, null)).toEqual({ code: 'NIF_USED_BY_GUARANTOR', field: 'nif' });
  });

  it('refuses a co-holder or guarantor the tenant’s identifier and the others’, not their own', () => {
    expect(nifIssue('87654321X', ids, 'co-1')).toEqual({ code: 'NIF_USED_BY_TENANT', field: 'nif' });
    expect(nifIssue('87654321X', ids, 'gu-1')?.code).toBe('NIF_USED_BY_TENANT');
    expect(nifIssue('X1234567L', ids, 'co-1')).toBeNull();
    expect(nifIssue('00000000T', ids, 'gu-1')).toBeNull();
    expect(nifIssue('X1234567L', ids, 'co-2')?.code).toBe('NIF_USED_BY_COTITULAR');
    expect(nifIssue('X1234567L', ids, 'gu-1')?.code).toBe('NIF_USED_BY_COTITULAR');
    expect(nifIssue('00000000T', ids, 'co-1')?.code).toBe('NIF_USED_BY_GUARANTOR');
    // A new person (an id not yet in the profile).
    expect(nifIssue('00000000T', ids, 'new')?.code).toBe('NIF_USED_BY_GUARANTOR');
    expect(nifIssue('22222222J', ids, 'new')).toBeNull();
  });

  it('compares identifiers trimmed and in capitals, also the stored ones', () => {
    expect(nifIssue(' x1234567l ', ids, null)?.code).toBe('NIF_USED_BY_COTITULAR');
    expect(nifIssue('11111111H', ids, null)?.code).toBe('NIF_USED_BY_COTITULAR');
    expect(nifIssue(' 00000000t', ids, 'co-1')?.code).toBe('NIF_USED_BY_GUARANTOR');
    expect(nifIssue('87654321x ', ids, 'gu-1')?.code).toBe('NIF_USED_BY_TENANT');
    expect(nifIssue(' 11111111h', ids, 'co-2')).toBeNull();
  });
});

describe('work and personal steps with their master lists', () => {
  const lists = userAttributes();
  const options: ProfileOptions = {
    typeContract: lists.userRenterTypeContract,
    salaryRange: lists.userRenterSalaryRange,
    country: lists.countries,
    civilStatus: lists.userRenterCivilStatus,
  };
  const none: HouseholdIds = { tenant: null, coHolders: [], guarantors: [] };

  it('checks the identifier first, then each code against its list', () => {
    expect(workIssue(work, options, none, null)).toBeNull();
    expect(
      workIssue({ ...work, nif: '87654321A', typeContractCode: 'UTC999' }, options, none, null)?.code,
    ).toBe('NIF_INVALID');
    expect(workIssue({ ...work, typeContractCode: 'UTC999' }, options, none, null)).toEqual({
      code: 'UNKNOWN_OPTION',
      field: 'typeContractCode',
    });
    expect(workIssue({ ...work, salaryRangeCode: 'URS999' }, options, none, null)?.field).toBe(
      'salaryRangeCode',
    );
  });

  it('checks the birth date first, then the country and the civil status', () => {
    const today = '2026-11-23';
    expect(personalIssue(personal, options, today)).toBeNull();
    expect(
      personalIssue({ ...personal, birthDate: '2020-01-01', countryCode: 'XX' }, options, today)?.code,
    ).toBe('UNDER_AGE');
    expect(personalIssue({ ...personal, countryCode: 'XX' }, options, today)).toEqual({
      code: 'UNKNOWN_OPTION',
      field: 'countryCode',
    });
    expect(personalIssue({ ...personal, civilStatusCode: 'UCS999' }, options, today)?.field).toBe(
      'civilStatusCode',
    );
  });
});

describe('profile completeness (the offer dialog’s flags)', () => {
  const blank: StoredProfile = {
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
  };
  const flags = (completed: boolean, toOffer: boolean, toSale: boolean) => ({
    hasTenantProfileCompleted: completed,
    hasTenantProfileCompletedToOffer: toOffer,
    hasProfileCompletedToSaleOffer: toSale,
  });

  it('is nothing without a profile or with an empty one', () => {
    expect(profileCompleteness(null)).toEqual(flags(false, false, false));
    expect(profileCompleteness(blank)).toEqual(flags(false, false, false));
  });

  it('lets a sale skip the section with the contract type, a rental with the whole work step', () => {
    expect(profileCompleteness({ ...blank, typeContractCode: 'UTC001' })).toEqual(flags(false, false, true));
    expect(profileCompleteness({ ...blank, nif: '87654321X', typeContractCode: 'UTC001' })).toEqual(
      flags(false, false, true),
    );
    expect(profileCompleteness({ ...blank, ...work })).toEqual(flags(false, true, true));
    expect(profileCompleteness({ ...blank, ...work, nif: ' ' })).toEqual(flags(false, false, true));
  });

  it('is complete with every field of the three steps', () => {
    const all = { ...blank, ...work, ...personal, ...coexistence };
    expect(profileCompleteness(all)).toEqual(flags(true, true, true));
    expect(profileCompleteness({ ...all, hasSmokers: null })).toEqual(flags(false, true, true));
    expect(profileCompleteness({ ...all, birthDate: null })).toEqual(flags(false, true, true));
    expect(profileCompleteness({ ...all, salaryRangeCode: null })).toEqual(flags(false, false, true));
  });
});

describe('storedProfileOf', () => {
  it('is null while neither the person nor the household is stored, and maps each part’s fields', () => {
    expect(storedProfileOf(null, undefined)).toBeNull();
    const only = storedProfileOf(undefined, {
      numberCohabitants: 2,
      numberChildren: 1,
      hasPets: true,
      hasSmokers: false,
    });
    expect(only).toMatchObject({
      nif: null,
      name: null,
      numberCohabitants: 2,
      numberChildren: 1,
      hasPets: true,
    });
    const person = {
      nif: '12345678Z',
      typeContractCode: 'UTC001',
      salaryRangeCode: 'URS005',
      name: 'Ana',
      surname: 'Ruiz',
      birthDate: '1990-05-01',
      countryCode: 'ES',
      civilStatusCode: 'UCS001',
    };
    expect(storedProfileOf(person, null)).toEqual({
      ...person,
      numberCohabitants: null,
      numberChildren: null,
      hasPets: null,
      hasSmokers: null,
    });
  });
});
