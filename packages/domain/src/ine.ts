/**
 * Pure helpers for the INE data (provinces, municipalities, autonomous communities) the API imports.
 * INE writes official names with the article after a comma ("Coruña, A", "Rozas de Madrid, Las") and
 * co-official names separated by a slash ("Alicante/Alacant"); people read them with the article first.
 */

/**
 * Articles that INE puts after a comma, in Spanish, Catalan/Valencian, Balearic, Galician and Aragonese.
 * Compared in lower case; the data has both "Nucia, la" and "Gineta, La".
 */
const ARTICLES = new Set("el la los las lo l' els les es sa ses s' so na en a as o os illes".split(' '));

/** Titles of autonomous communities that INE also writes after a comma ("Madrid, Comunidad de"). */
const TITLE = /^(?:\p{L}+ )*(?:de|del|d')$/iu;
const TITLE_WORDS = /^(?:principado|comunidad|región|regió|comunitat|ciudad|ciutat)\b/iu;

const APOSTROPHES = /[’`´]/gu;

function capitalize(word: string): string {
  return word.charAt(0).toLocaleUpperCase('es') + word.slice(1);
}

function isMovable(suffix: string): boolean {
  const lower = suffix.toLocaleLowerCase('es');
  return ARTICLES.has(lower) || (TITLE.test(suffix) && TITLE_WORDS.test(suffix));
}

/** "Ejido, El" → "El Ejido"; "Hospitalet de Llobregat, L'" → "L'Hospitalet de Llobregat"; other names unchanged. */
function frontArticle(name: string): string {
  const trimmed = name.trim().replace(/\s+/gu, ' ');
  const comma = trimmed.lastIndexOf(',');
  if (comma < 0) return trimmed;
  const base = trimmed.slice(0, comma).trim();
  const suffix = trimmed
    .slice(comma + 1)
    .trim()
    .replace(APOSTROPHES, "'");
  // "Cruïlles, Monells i Sant Sadurní de l'Heura" is one name with a comma, not an inverted article.
  if (base === '' || !isMovable(suffix)) return trimmed;
  const head = capitalize(suffix);
  return head.endsWith("'") ? `${head}${base}` : `${head} ${base}`;
}

/**
 * Display form of an official INE name: a trailing article (or community title) moves to the front,
 * capitalised. Co-official names separated by "/" are handled side by side:
 * "Coruña, A" → "A Coruña", "Balears, Illes" → "Illes Balears",
 * "Pinós, el/Pinoso" → "El Pinós/Pinoso", "Valencia/València" unchanged.
 */
export function displayName(official: string): string {
  return official
    .split('/')
    .map((side) => frontArticle(side))
    .join('/');
}

/**
 * Lower-case, accent-free form for accent-insensitive search:
 * "Ávila" → "avila", "L'Hospitalet" → "l'hospitalet". Keeps ñ and ç, which are letters of their own.
 */
export function searchKey(name: string): string {
  const folded = Array.from(name.normalize('NFC').toLocaleLowerCase('es'), (ch) =>
    ch === 'ñ' || ch === 'ç' ? ch : ch.normalize('NFD').replace(/\p{M}/gu, ''),
  ).join('');
  return folded.replace(APOSTROPHES, "'").replace(/\s+/gu, ' ').trim();
}

/**
 * Parses RFC 4180 CSV text (quoted fields, doubled quotes, commas and line breaks inside quotes,
 * CRLF or LF) into rows of fields. A trailing line break does not produce an empty row.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let i = 0; i < source.length; i++) {
    const ch = source.charAt(i);
    if (quoted) {
      if (ch === '"') {
        if (source.charAt(i + 1) === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source.charAt(i + 1) === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * Parses CSV text with a header line into records keyed by column name.
 * Missing trailing fields become empty strings.
 */
export function parseCsvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (header === undefined) return [];
  return rows
    .filter((fields) => !(fields.length === 1 && fields[0] === ''))
    .map((fields) => Object.fromEntries(header.map((column, i) => [column, fields[i] ?? ''])));
}
