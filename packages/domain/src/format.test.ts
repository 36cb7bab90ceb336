import { describe, expect, it } from 'vitest';
import { formatEuros, formatLongDate, formatNumber } from './format';

describe('formatNumber (SPEC 5.6)', () => {
  it.each([
    [1234, '1.234'],
    [1000, '1.000'],
    [999, '999'],
    [1234567, '1.234.567'],
    [-2500, '-2.500'],
    [0, '0'],
    ['1500', '1.500'],
  ])('formats %j as %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });

  it('uses a comma for decimals when asked', () => {
    expect(formatNumber(1234.5, true)).toBe('1.234,5');
    expect(formatNumber(0.25, true)).toBe('0,25');
  });

  it.each([null, undefined, '', 'abc', Number.NaN])('shows "-" for %j', (value) => {
    expect(formatNumber(value)).toBe('-');
    expect(formatEuros(value)).toBe('-');
  });
});

describe('formatEuros', () => {
  it('adds the euro sign, and €/mes for rentals', () => {
    expect(formatEuros(250000)).toBe('250.000 €');
    expect(formatEuros(950, true)).toBe('950 €/mes');
  });
});

describe('formatLongDate', () => {
  it('says the day in Madrid, in Spanish', () => {
    expect(formatLongDate(new Date('2026-11-23T10:00:00Z'))).toBe('23 de noviembre de 2026');
    // 23:30 UTC on 31 December is already New Year's Day in Madrid.
    expect(formatLongDate(new Date('2026-12-31T23:30:00Z'))).toBe('1 de enero de 2027');
  });
});
