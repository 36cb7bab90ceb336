/**
 * Messages between an owner and a candidate (issue 27 point 1, decision 038): what a message may hold,
 * and what of it is hidden until the announcement is paid (the paid-unlock rule, decision 026).
 */

export const MESSAGE_MAX_LENGTH = 2_000;

/** Why a message's text is refused: an error code of master data `exceptionAttributes`. */
export type MessageTextProblem = 'MESSAGE_EMPTY' | 'MESSAGE_TOO_LONG' | 'MESSAGE_INVALID_CHARACTERS';

/**
 * Control characters (C0 but tab and line feed, C1), the bidirectional overrides and isolates that can
 * disguise what a text says, and unpaired UTF-16 halves. A carriage return is turned into a line feed first.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Characters of a text as a person counts them (code points, not UTF-16 units). */
export const characterCount = (text: string): number => [...text].length;

/**
 * The text stored for `raw`: line breaks as `\n`, NFC, trimmed; or the problem that refuses it. The
 * same rule runs in the browser (the counter, the send button) and in the API (the answer).
 */
export function messageText(raw: string): { text: string } | { problem: MessageTextProblem } {
  const text = raw.replace(/\r\n?/g, '\n').normalize('NFC').trim();
  if (FORBIDDEN.test(text)) return { problem: 'MESSAGE_INVALID_CHARACTERS' };
  if (text === '') return { problem: 'MESSAGE_EMPTY' };
  if (characterCount(text) > MESSAGE_MAX_LENGTH) return { problem: 'MESSAGE_TOO_LONG' };
  return { text };
}

/** What a hidden part of a message reads as, in Spanish. */
export const maskLabels = {
  phone: '[teléfono oculto]',
  email: '[e-mail oculto]',
  link: '[enlace oculto]',
  surname: '[apellido oculto]',
} as const;

export type MaskKind = keyof typeof maskLabels;

const DIGIT_WORDS = [
  'cero',
  'uno',
  'una',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
];
const DIGIT_WORD = `(?:${DIGIT_WORDS.join('|')})`;
/** A digit in any script (a full-width ７ is a 7 to a reader), or a digit written as a Spanish word. */
const DIGIT_TOKEN = `(?:\\p{Nd}|${DIGIT_WORD}(?![\\p{L}]))`;
/** What people put between the digits of a phone number. */
const SEPARATOR = `[\\s.\\-–—_/·,()\\[\\]]*`;
/**
 * A run of digits (and digit words) with separators, optionally after + or 00: a phone number when it
 * holds at least 9 digits (a Spanish number; an international one is longer). A price ("1.200 €"), a
 * date ("12/05/2026") or a postcode has fewer and is left alone.
 */
const PHONE_RUN = new RegExp(
  `(?<![\\p{L}\\p{Nd}])(?:[([]\\s*)?(?:\\+|＋|00)?${SEPARATOR}${DIGIT_TOKEN}(?:${SEPARATOR}${DIGIT_TOKEN})+`,
  'giu',
);
const countDigits = (run: string): number => {
  const digits = run.match(/\p{Nd}/gu)?.length ?? 0;
  const words = run.match(new RegExp(`${DIGIT_WORD}(?![\\p{L}])`, 'giu'))?.length ?? 0;
  return digits + words;
};

/** name@domain.tld, also written "name arroba domain punto com", "name (at) domain (dot) com". */
const AT = `(?:\\s*[@＠]\\s*|\\s*[([{]\\s*(?:at|arroba)\\s*[)\\]}]\\s*|\\s+arroba\\s+)`;
const DOT = `(?:\\s*[.．]\\s*|\\s*[([{]\\s*(?:dot|punto)\\s*[)\\]}]\\s*|\\s+punto\\s+)`;
const LABEL = `[\\p{L}\\p{N}_%+-]+`;
const EMAIL = new RegExp(`${LABEL}(?:[.]${LABEL})*${AT}${LABEL}(?:${DOT}${LABEL})+`, 'giu');

/** Links: a scheme, "www.", or a bare domain with a common top-level domain (wa.me/…, t.me/…, x.com). */
const TLDS = 'com|es|net|org|eu|info|io|me|ly|co|app|link|cat|gal|eus|biz|xyz|site|online|page|to|gl|gd|ws';
const LINK = new RegExp(
  `(?:[a-z][a-z0-9+.-]*:\\/\\/|www\\s*[.]\\s*)[^\\s]+|(?<![@\\p{L}\\p{N}._-])(?:[\\p{L}\\p{N}-]+\\.)+(?:${TLDS})\\b(?:[/?#][^\\s]*)?`,
  'giu',
);

const stripAccents = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '');
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` with the phone numbers, e-mail addresses and links in it, and the words of `surnames` (the two
 * parties' surnames, accents and case aside), replaced by `maskLabels`. Run at read time on the stored
 * text while the announcement is not paid, for both readers (decision 038).
 */
export function maskContactDetails(text: string, surnames: readonly string[] = []): string {
  let masked = text.replace(EMAIL, maskLabels.email).replace(LINK, maskLabels.link);
  masked = masked.replace(PHONE_RUN, (run) => {
    if (countDigits(run) < 9) return run;
    // Keep what the run took from around the number (a leading space, a closing bracket).
    const lead = /^\s*/u.exec(run)?.[0] ?? '';
    return `${lead}${maskLabels.phone}`;
  });
  const words = [
    ...new Set(
      surnames
        .flatMap((surname) =>
          stripAccents(surname)
            .toLowerCase()
            .split(/[\s-]+/u),
        )
        .filter((word) => word.length >= 3 && !['del', 'las', 'los'].includes(word)),
    ),
  ];
  if (words.length === 0) return masked;
  // Matched on the text without accents, position for position (NFD then dropping marks keeps one
  // character per base letter only for NFC input; the text is stored in NFC).
  const plain = [...masked].map((character) => stripAccents(character).toLowerCase() || character);
  const flat = plain.join('');
  const pattern = new RegExp(`(?<![\\p{L}])(?:${words.map(escapeRegExp).join('|')})(?![\\p{L}])`, 'gu');
  const characters = [...masked];
  const spans: [number, number][] = [];
  const offsets: number[] = [];
  let position = 0;
  for (const character of plain) {
    offsets.push(position);
    position += character.length;
  }
  for (const match of flat.matchAll(pattern)) {
    const start = offsets.indexOf(match.index);
    const end = offsets.indexOf(match.index + match[0].length);
    if (start >= 0) spans.push([start, end < 0 ? characters.length : end]);
  }
  for (const [start, end] of spans.reverse()) {
    characters.splice(start, end - start, maskLabels.surname);
  }
  return characters.join('');
}

/** A person's first name, what the other party sees of them until the announcement is paid. */
export const firstNameOnly = (name: string): string => name.trim().split(/\s+/u)[0] ?? '';

/** Why a message or a conversation is reported ("Denunciar"): here, not in its schema, so the web's dialog loads no Zod. */
export const reportReasons = ['spam', 'offensive', 'fraud', 'contact', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];
