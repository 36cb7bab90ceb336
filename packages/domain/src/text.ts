/**
 * Folds text for accent-insensitive search: lower case, no diacritics (ñ → n, ç → c), single spaces.
 * The API stores announcements' search text folded and folds the query the same way.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('es')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * People's own words put before one of our full stops ("Motivo: ….", "rechazado: …. Corrígelo"):
 * trimmed, without the full stops they ended with, so the text never reads "inmueble..".
 */
export const withoutFinalStop = (text: string): string => text.trim().replace(/[\s.]+$/u, '');
