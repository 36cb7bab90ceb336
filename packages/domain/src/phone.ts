import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

export interface NormalizedPhone {
  /** E.164, e.g. +34612345678: the form stored and sent to the SMS provider. */
  e164: string;
  /** As a person writes it in its country, e.g. "612 34 56 78". */
  national: string;
  countryCode: string;
}

/**
 * Validates and normalises a phone number; Spanish numbers by default, any country when written with
 * its international prefix. Returns null when it is not a valid number.
 */
export function normalizePhone(input: string, defaultCountry: string = 'ES'): NormalizedPhone | null {
  const parsed = parsePhoneNumberFromString(input.trim(), defaultCountry.toUpperCase() as CountryCode);
  if (!parsed || !parsed.isValid() || !parsed.country) return null;
  return { e164: parsed.number, national: parsed.formatNational(), countryCode: parsed.country };
}

/** International calling code of a country (ES → "34"). */
export const callingCode = (country: string): string =>
  getCountryCallingCode(country.toUpperCase() as CountryCode);
