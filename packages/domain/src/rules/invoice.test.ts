import { describe, expect, it } from 'vitest';
import { billingIssues, invoiceCode, invoiceYear, isValidCompanyTaxId, isValidTaxId } from './invoice';
import { splitVat } from './payment';

describe('invoice numbers', () => {
  it('writes the series, the year and six digits', () => {
    expect(invoiceCode('F', 2026, 123)).toBe('F-2026-000123');
    expect(invoiceCode('R', 2027, 1)).toBe('R-2027-000001');
    expect(() => invoiceCode('F', 2026, 0)).toThrow(RangeError);
  });

  it('takes the year in Spain, not in UTC', () => {
    expect(invoiceYear(new Date('2026-12-31T23:30:00Z'))).toBe(2027);
    expect(invoiceYear(new Date('2026-12-31T22:30:00Z'))).toBe(2026);
    expect(invoiceYear(new Date('2026-12-31T22:30:00-02:00'))).toBe(2027);
    expect(invoiceYear(new Date('2026-12-31T12:00:00Z'))).toBe(2026);
  });
});

describe('tax ids', () => {
  it('accepts DNI, NIE and company NIF with their check character, and nothing else', () => {
    expect(isValidTaxId('12345678Z')).toBe(true);
    expect(isValidTaxId('X1234567L')).toBe(true);
    expect(isValidCompanyTaxId('B12345674')).toBe(true);
    expect(isValidCompanyTaxId('A58818501')).toBe(true);
    expect(isValidCompanyTaxId('Q2826000H')).toBe(true);
    expect(isValidTaxId('B12345675')).toBe(false);
    expect(isValidTaxId('12345678A')).toBe(false);
    expect(isValidTaxId('hola')).toBe(false);
  });
});

describe('prices include VAT', () => {
  it('49 € is 40,50 € of base and 8,50 € of VAT', () => {
    expect(splitVat(4900)).toEqual({ totalCents: 4900, baseCents: 4050, vatCents: 850 });
  });
});

describe('the buyer data of a complete invoice', () => {
  it('names each field to fix, in the form order, and none when all hold', () => {
    expect(billingIssues({ nif: '12345678Z', name: 'Ana Ruiz', address: 'Calle Mayor 1' })).toEqual([]);
    expect(billingIssues({ nif: 'B12345674', name: 'Ab', address: 'C/ 12' })).toEqual([]);
    expect(billingIssues({ nif: '12345678A', name: ' A ', address: ' C/1 ' })).toEqual([
      'nif',
      'name',
      'address',
    ]);
    expect(billingIssues({ nif: '12345678Z', name: 'Ana', address: 'Av 1' })).toEqual(['address']);
  });
});
