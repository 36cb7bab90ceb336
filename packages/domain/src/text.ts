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
