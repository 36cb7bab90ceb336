import { normalizePhone, type NormalizedPhone } from '@casaoferta/domain/phone';

/** Valid phone in E.164, or null. A number typed with '+' ignores the chosen prefix. */
export const parsePhone = (input: string, country: string): NormalizedPhone | null =>
  input.trim() ? normalizePhone(input, country) : null;
