/**
 * A person's name or surname as people write it (issue 22): letters of any script with their accents
 * (ñ, ç, ł, ü, Greek, Cyrillic…), words apart by one space, joined by a hyphen ("Jean-Pierre") or an
 * apostrophe ("O'Brien", "D’Angelo", "’t Hooft"), and an initial with its dot ("J. Ramón"). No digits,
 * no other punctuation, no two signs in a row: a name can never hold a web address ("evil.example",
 * "https://…"), a phone number or a sentence, since the platform shows and sends it to other people.
 */
export const personNameRules = {
  /** Account name and surname, a tenant's or a co-holder's name and surname, a contract party's name. */
  maxLength: 80,
  /** A contract party's surname(s). */
  maxSurnameLength: 120,
  /** Combining marks one letter may carry (a decomposed "ñ" has one; more is noise). */
  maxMarksPerLetter: 3,
} as const;

/** One letter with its combining accents. */
const LETTER = `\\p{L}\\p{M}{0,${personNameRules.maxMarksPerLetter}}`;
/** An initial: one letter and its dot ("J."). */
const INITIAL = new RegExp(`^${LETTER}\\.$`, 'u');
/** A word: letters, joined inside by single hyphens or apostrophes; an apostrophe may open or close it. */
const WORD = new RegExp(`^['’]?(?:${LETTER})+(?:[-'’](?:${LETTER})+)*['’]?$`, 'u');

/** Whether `value` (already trimmed) is written as a person's name: see `personNameRules`. */
export function isPersonName(value: string): boolean {
  if (value === '' || value !== value.trim()) return false;
  return value.split(' ').every((word) => INITIAL.test(word) || WORD.test(word));
}
