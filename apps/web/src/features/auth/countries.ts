import { callingCode, normalizePhone } from '@casaoferta/domain/phone';
import type { NormalizedPhone } from '@casaoferta/domain/phone';

const countryNames = new Intl.DisplayNames(['es'], { type: 'region' });
const offered = ['ES', 'PT', 'FR', 'IT', 'DE', 'GB', 'RO', 'MA', 'US', 'MX', 'CO', 'AR', 'VE'] as const;

/** Prefixes offered next to the phone input, Spain first: "España (+34)". Others: type their '+'. */
export const phoneCountries = offered.map((code) => ({
  code,
  label: `${countryNames.of(code) ?? code} (+${callingCode(code)})`,
}));

export const defaultPhoneCountry = 'ES';

/** Valid phone in E.164, or null. A number typed with '+' ignores the chosen prefix. */
export const parsePhone = (input: string, country: string): NormalizedPhone | null =>
  input.trim() ? normalizePhone(input, country) : null;
