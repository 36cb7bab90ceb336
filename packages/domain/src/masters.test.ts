import { describe, expect, it } from 'vitest';
import {
  AnnouncementOfferType,
  AnnouncementStatus,
  AnnouncementType,
  ContractStatus,
  OfferPaymentType,
  OfferStatus,
} from './codes';
import {
  buildStaticMasters,
  masterLabel,
  propertyValidationStatuses,
  salaryRangeFor,
  SALARY_RANGES,
  type MasterItem,
} from './masters';

/** Every list of the masters object, named by its path. */
function lists(value: unknown, path = ''): [string, MasterItem[]][] {
  if (Array.isArray(value)) return [[path, value as MasterItem[]]];
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, child]) => lists(child, path ? `${path}.${key}` : key));
  }
  return [];
}

const codesOf = (list: MasterItem[]): string[] => list.map((item) => item.code);

describe('buildStaticMasters', () => {
  const masters = buildStaticMasters();
  const all = lists(masters);

  it('has the agreed shape', () => {
    expect(Object.keys(masters)).toEqual([
      'yesNo',
      'userAttributes',
      'propertyAttributes',
      'announcementAttributes',
      'ownerAttributes',
      'offerAttributes',
      'contractAttributes',
    ]);
    expect(Object.keys(masters.userAttributes)).toEqual([
      'userRenterTypeContract',
      'userRenterSalaryRange',
      'userRenterCivilStatus',
      'gender',
      'userTypes',
      'countries',
      'documentKinds',
    ]);
    expect(Object.keys(masters.propertyAttributes)).toEqual([
      'propertyCountries',
      'propertyTypes',
      'status',
      'provinces',
      'floors',
      'blocks',
      'orientations',
      'energyCertifications',
      'emissionCertifications',
      'additionalFeatures',
      'roomTypes',
      'stages',
      'protectedHousingTypes',
    ]);
    expect(Object.keys(masters.announcementAttributes)).toEqual([
      'statuses',
      'types',
      'offerTypes',
      'durations',
      'contractDurations',
      'monthContractDurations',
      'deposits',
      'cohabitantTypes',
      'responsibilityCharges',
      'registrationResidencies',
      'warrantyMonths',
      'petTypes',
      'bedTypes',
      'genderPreferences',
      'lifestyles',
      'windowTypes',
    ]);
    expect(Object.keys(masters.ownerAttributes)).toEqual(['personTypes']);
    expect(Object.keys(masters.offerAttributes)).toEqual([
      'statuses',
      'solvencyStatuses',
      'reasonsPurchase',
      'paymentTypes',
      'decisionReasons',
    ]);
    expect(Object.keys(masters.contractAttributes)).toEqual(['statuses', 'conditions', 'paymentTypes']);
  });

  it('leaves provinces empty for the API and fills every other list', () => {
    expect(masters.propertyAttributes.provinces).toEqual([]);
    for (const [path, list] of all) {
      if (path === 'propertyAttributes.provinces') continue;
      expect(list.length, path).toBeGreaterThan(0);
    }
  });

  it('has unique codes and Spanish labels in every list', () => {
    for (const [path, list] of all) {
      expect(new Set(codesOf(list)).size, path).toBe(list.length);
      for (const { code, label } of list) {
        expect(typeof code, path).toBe('string');
        expect(code.trim(), path).not.toBe('');
        expect(label.trim(), `${path} ${code}`).not.toBe('');
        expect(label, `${path} ${code}`).toMatch(/\p{L}/u);
        // A prefixed code is never shown as its own label.
        if (/^[A-Z]{3}\d{3}$/.test(code)) expect(label, path).not.toBe(code);
      }
    }
  });

  it('gives each list its own code prefix', () => {
    const owners = new Map<string, string>();
    for (const [path, list] of all) {
      if (path === 'propertyAttributes.provinces') continue;
      if (['yesNo', 'userAttributes.countries', 'propertyAttributes.propertyCountries'].includes(path))
        continue;
      for (const code of codesOf(list)) expect(code, path).toMatch(/^[A-Z]{3}\d{3}$/);
      const prefixes = new Set(codesOf(list).map((code) => code.slice(0, 3)));
      expect(prefixes.size, path).toBe(1);
      for (const prefix of prefixes) {
        expect(owners.get(prefix) ?? path, prefix).toBe(path);
        owners.set(prefix, path);
      }
    }
  });

  it('uses Si and No for yes/no', () => {
    expect(masters.yesNo).toEqual([
      { code: 'Si', label: 'Sí' },
      { code: 'No', label: 'No' },
    ]);
  });

  it('lists every status and type code of codes.ts', () => {
    const { announcementAttributes: ann, offerAttributes: offer, contractAttributes: contract } = masters;
    expect(codesOf(ann.statuses).sort()).toEqual(Object.values(AnnouncementStatus).sort());
    expect(codesOf(ann.types).sort()).toEqual(Object.values(AnnouncementType).sort());
    expect(codesOf(ann.offerTypes).sort()).toEqual(Object.values(AnnouncementOfferType).sort());
    expect(codesOf(offer.statuses).sort()).toEqual(Object.values(OfferStatus).sort());
    expect(codesOf(offer.paymentTypes).sort()).toEqual(Object.values(OfferPaymentType).sort());
    expect(codesOf(contract.statuses).sort()).toEqual(Object.values(ContractStatus).sort());
    expect(codesOf(propertyValidationStatuses())).toEqual(['PSG000', 'PSG001', 'PSG002', 'PSG004']);
  });

  it('labels the codes SPEC names', () => {
    const label = (list: MasterItem[], code: string) => list.find((item) => item.code === code)?.label;
    expect(label(masters.announcementAttributes.statuses, 'AST002')).toBe('Pendiente de validación');
    expect(label(masters.offerAttributes.paymentTypes, 'OPT000')).toBe('Al contado');
    expect(label(masters.offerAttributes.paymentTypes, 'OPT001')).toBe('Hipoteca');
    expect(label(masters.announcementAttributes.types, 'ATY003')).toBe('Venta');
  });

  it('lists real countries, España first, sorted in Spanish', () => {
    const { countries } = masters.userAttributes;
    expect(countries[0]).toEqual({ code: 'ES', label: 'España' });
    expect(countries.length).toBeGreaterThanOrEqual(190);
    expect(countries.length).toBeLessThanOrEqual(250);
    const codes = codesOf(countries);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    for (const excluded of ['ZZ', 'EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'AA', 'UK', 'SU', 'DD', 'YU']) {
      expect(codes, excluded).not.toContain(excluded);
    }
    for (const kept of ['FR', 'PT', 'MA', 'RO', 'CO', 'GB', 'DE', 'US', 'XK']) expect(codes).toContain(kept);
    expect(new Set(countries.map((c) => c.label)).size).toBe(countries.length);
    const rest = countries.slice(1).map((c) => c.label);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'es')));
    expect(masters.propertyAttributes.propertyCountries).toEqual([{ code: 'ES', label: 'España' }]);
  });

  it('returns fresh lists on every call', () => {
    const first = buildStaticMasters();
    first.propertyAttributes.provinces.push({ code: '28', label: 'Madrid' });
    first.userAttributes.countries.splice(0, 1);
    const second = buildStaticMasters();
    expect(second.propertyAttributes.provinces).toEqual([]);
    expect(second.userAttributes.countries[0]?.code).toBe('ES');
  });
});

describe('salary ranges', () => {
  it('covers 300 to 10.000 €/mes without gaps', () => {
    expect(SALARY_RANGES[0]?.min).toBe(300);
    expect(SALARY_RANGES.at(-1)?.max).toBe(10000);
    SALARY_RANGES.slice(1).forEach((range, i) => expect(range.min).toBe(SALARY_RANGES[i]?.max));
    expect(codesOf(buildStaticMasters().userAttributes.userRenterSalaryRange)).toEqual(
      SALARY_RANGES.map((r) => r.code),
    );
  });

  it('finds the band of a salary', () => {
    expect(salaryRangeFor(299)).toBeUndefined();
    expect(salaryRangeFor(300)).toBe('URS001');
    expect(salaryRangeFor(600)).toBe('URS002');
    expect(salaryRangeFor(10000)).toBe(SALARY_RANGES.at(-1)?.code);
    expect(salaryRangeFor(10001)).toBeUndefined();
  });
});

describe('masterLabel', () => {
  const list = [
    { code: 'X001', label: 'Piso' },
    { code: 'X002', label: 'Ático' },
  ];

  it('gives the label of a code the list knows', () => {
    expect(masterLabel(list, 'X002')).toBe('Ático');
    expect(masterLabel(buildStaticMasters().offerAttributes.solvencyStatuses, 'OSS002')).toBe('Solvente');
  });

  it('gives the code itself when the list does not know it', () => {
    expect(masterLabel(list, 'X999')).toBe('X999');
    expect(masterLabel(list, 'x001')).toBe('x001');
    expect(masterLabel([], '')).toBe('');
  });
});
