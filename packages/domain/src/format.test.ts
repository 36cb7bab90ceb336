import { describe, expect, it } from 'vitest';
import { formatEuros, formatNumber } from './format';

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
