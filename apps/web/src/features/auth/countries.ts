import { normalizePhone } from '@casaoferta/domain/phone';
import type { NormalizedPhone } from '@casaoferta/domain/phone';

/** Prefixes offered next to the phone input; Spain first. Any other country: type its '+' prefix. */
export const phoneCountries = [
  { code: 'ES', label: 'España (+34)' },
  { code: 'PT', label: 'Portugal (+351)' },
  { code: 'FR', label: 'Francia (+33)' },
  { code: 'IT', label: 'Italia (+39)' },
  { code: 'DE', label: 'Alemania (+49)' },
  { code: 'GB', label: 'Reino Unido (+44)' },
  { code: 'RO', label: 'Rumanía (+40)' },
  { code: 'MA', label: 'Marruecos (+212)' },
  { code: 'US', label: 'Estados Unidos (+1)' },
  { code: 'MX', label: 'México (+52)' },
  { code: 'CO', label: 'Colombia (+57)' },
  { code: 'AR', label: 'Argentina (+54)' },
  { code: 'VE', label: 'Venezuela (+58)' },
] as const;

export const defaultPhoneCountry = 'ES';

/** Valid phone in E.164, or null. A number typed with '+' ignores the chosen prefix. */
export const parsePhone = (input: string, country: string): NormalizedPhone | null =>
  input.trim() ? normalizePhone(input, country) : null;
