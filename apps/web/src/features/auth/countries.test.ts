import { describe, expect, it } from 'vitest';
import { callingCode } from '@casaoferta/domain/phone';
import { callingCodes, phoneCountries } from './countries';

describe('the prefixes offered at /login', () => {
  it('have the calling codes libphonenumber has for them', () => {
    for (const [country, code] of Object.entries(callingCodes))
      expect(code, country).toBe(callingCode(country));
  });

  it('start with Spain, named in Spanish', () => {
    expect(phoneCountries[0]).toEqual({ code: 'ES', label: 'España (+34)' });
  });
});
