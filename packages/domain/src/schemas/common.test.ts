import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calendarDate, CALENDAR_YEARS } from './common';
import { personalInput } from './tenant';

describe('calendarDate', () => {
  it('takes a real day of 1900 to 2200', () => {
    for (const day of ['1900-01-01', '1990-04-12', '2024-02-29', '2200-12-31']) {
      expect(calendarDate.safeParse(day).success, day).toBe(true);
    }
    expect(CALENDAR_YEARS).toEqual({ min: 1900, max: 2200 });
  });

  it('refuses a day of a year out of them with the code DATE_OUT_OF_RANGE', () => {
    for (const day of ['0000-01-01', '0001-01-01', '1899-12-31', '2201-01-01', '9999-12-31']) {
      const result = calendarDate.safeParse(day);
      expect(result.success, day).toBe(false);
      expect(result.error?.issues[0], day).toMatchObject({
        code: 'custom',
        params: { code: 'DATE_OUT_OF_RANGE' },
      });
    }
  });

  it('refuses what is no day: leap days of common years, month 13, day 0, signed or long years', () => {
    for (const day of [
      '2023-02-29',
      '1900-02-29',
      '2024-13-01',
      '1900-01-00',
      '2024-04-31',
      '-001-01-01',
      '+010000-01-01',
      '99999-12-31',
      '2024-1-01',
      '2024-01-01T00:00:00Z',
      ' 2024-01-01',
      '',
    ]) {
      expect(calendarDate.safeParse(day).success, day).toBe(false);
    }
  });

  it('is a JSON Schema "date", by which the schema fuzzer finds every date field', () => {
    expect(z.toJSONSchema(calendarDate, { io: 'input' })).toMatchObject({ type: 'string', format: 'date' });
  });

  it('is the birth date of the personal data', () => {
    const person = { name: 'Ana', surname: 'García', countryCode: 'ES', civilStatusCode: 'UCS001' };
    expect(personalInput.safeParse({ ...person, birthDate: '1990-04-12' }).success).toBe(true);
    const refused = personalInput.safeParse({ ...person, birthDate: '0000-01-01' });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['birthDate'],
      params: { code: 'DATE_OUT_OF_RANGE' },
    });
  });
});
