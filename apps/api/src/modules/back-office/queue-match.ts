import { sql, type SQL } from 'drizzle-orm';
import { propertyAttributes } from '@casaoferta/domain/masters/property';
import { defaultTitle } from '@casaoferta/domain/titles';
import { escapeLike } from '../../platform/sql-like';

/**
 * Text matching shared by the agents' validation queue and property search: case- and
 * accent-insensitive substring matching of each word of the query, in SQL.
 */

// Capitals too: `lower()` leaves them as they are in a database made with the C locale.
const accented = 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ';
const plain = 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc';

/** Lower case without diacritics, as `folded()` does in SQL (punctuation kept: references have dashes). */
export const foldWord = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es');

/** `expr` folded in SQL the way `foldWord` folds the query (null stays null). */
export const folded = (expr: SQL): SQL => sql`translate(lower(${expr}), ${accented}, ${plain})`;

/** A LIKE pattern for a folded word anywhere in the text. */
export const containing = (word: string): string => `%${escapeLike(word)}%`;

/** The query's words, folded (at most 6: more narrows nothing a person types). */
export const queryWords = (q: string | undefined): string[] =>
  (q ? foldWord(q).split(/\s+/) : []).filter(Boolean).slice(0, 6);

/** The property type codes whose Spanish label contains the folded word ("piso" → PTY001). */
export function propertyTypesMatching(word: string): string[] {
  return propertyAttributes()
    .propertyTypes.filter((item) => foldWord(item.label).includes(word))
    .map((item) => item.code);
}

/** `expr in (codes)`, or false without codes. */
export const inCodes = (expr: SQL, codes: string[]): SQL =>
  codes.length > 0
    ? sql`${expr} in (${sql.join(
        codes.map((code) => sql`${code}`),
        sql`, `,
      )})`
    : sql`false`;

/** The digits of a word when it looks like part of a phone number (3 digits or more), else null. */
export function phoneDigits(word: string): string | null {
  const digits = word.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
}

/**
 * The title an agent reads for a property: its announcement's (own or default) when it has one, else the
 * property type and place ("Piso en Getafe", "Vivienda en Madrid", "Vivienda").
 */
export function listingTitle(row: {
  typeCode: string | null;
  customTitle: string | null;
  propertyTypeCode: string | null;
  municipalityName: string | null;
}): string {
  if (row.customTitle) return row.customTitle;
  if (row.typeCode) return defaultTitle(row.typeCode, row.propertyTypeCode, row.municipalityName);
  const kind =
    propertyAttributes().propertyTypes.find((item) => item.code === row.propertyTypeCode)?.label ??
    'Vivienda';
  return row.municipalityName ? `${kind} en ${row.municipalityName}` : kind;
}

/** A timestamp as the ISO text the API answers, made in SQL (PGlite and node-postgres read it alike). */
export const isoText = (expr: SQL): SQL =>
  sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
