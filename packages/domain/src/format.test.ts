import { describe, expect, it } from 'vitest';
import { formatDayTime, formatEuros, formatLongDate, formatNumber, formatPercent } from './format';

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

describe('formatPercent', () => {
  it('rounds a share to a whole percentage, joined to its sign by a non-breaking space', () => {
    expect(formatPercent(0.8)).toBe('80\u00a0%');
    expect(formatPercent(0.354)).toBe('35\u00a0%');
    expect(formatPercent(1.11)).toBe('111\u00a0%');
    expect(formatPercent(12.5)).toBe('1.250\u00a0%');
    // Never a breakable space before "%".
    expect(formatPercent(0.45)).not.toContain(' %');
    expect(formatPercent(null)).toBe('-');
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

describe('formatDayTime', () => {
  // Instants near midnight UTC: Madrid (UTC+1 in winter, UTC+2 in summer) is already on the next day, so
  // the device's zone (UTC, New York…) would show another day and hour.
  it('says the day and time in Madrid, short by default', () => {
    expect(formatDayTime('2026-11-23T23:30:00Z')).toBe('24/11/26, 0:30');
    expect(formatDayTime(new Date('2026-07-01T22:05:00Z'))).toBe('2/7/26, 0:05');
    expect(formatDayTime('2026-11-23T10:05:00.000Z')).toBe('23/11/26, 11:05');
  });

  it('spells the month out when asked', () => {
    expect(formatDayTime('2026-12-31T23:30:00Z', 'long')).toBe('1 de enero de 2027 a las 00:30');
    expect(formatDayTime('2026-03-03T09:30:00Z', 'long')).toBe('3 de marzo de 2026 a las 10:30');
    expect(formatDayTime('2026-07-01T08:05:00Z', 'longWithZone')).toBe('1 de julio de 2026 a las 10:05 CEST');
  });

  it.each(['', 'not a date', '2026-13-45'])('shows "-" for %j', (value) => {
    expect(formatDayTime(value)).toBe('-');
    expect(formatDayTime(value, 'long')).toBe('-');
  });
});
