import { formatLongDate } from '@casaoferta/domain/format';

/**
 * Amounts and dates as a Spanish contract writes them: "mil doscientos euros (1.200 €)", "1 de diciembre
 * de 2026". Words follow the RAE: "cien" / "ciento", "veintiún" and "un" before a noun ("veintiún mil",
 * "un millón", "treinta y un euros"), "mil" without "un", "de euros" after whole millions.
 */

const UNITS = ['', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'];
const TEENS = [
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciséis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
];
const TWENTIES = [
  'veinte',
  'veintiuno',
  'veintidós',
  'veintitrés',
  'veinticuatro',
  'veinticinco',
  'veintiséis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
];
const TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const HUNDREDS = [
  '',
  'ciento',
  'doscientos',
  'trescientos',
  'cuatrocientos',
  'quinientos',
  'seiscientos',
  'setecientos',
  'ochocientos',
  'novecientos',
];

/** 1..999 in words; `beforeNoun` shortens a final "uno" ("un", "veintiún"). */
function belowThousand(n: number, beforeNoun: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(hundreds === 1 && rest === 0 ? 'cien' : (HUNDREDS[hundreds] ?? ''));
  if (rest > 0) {
    const tens = Math.floor(rest / 10);
    const unit = rest % 10;
    let words: string;
    if (rest < 10) words = UNITS[rest] ?? '';
    else if (rest < 20) words = TEENS[rest - 10] ?? '';
    else if (rest < 30) words = TWENTIES[rest - 20] ?? '';
    else words = unit === 0 ? (TENS[tens] ?? '') : `${TENS[tens] ?? ''} y ${UNITS[unit] ?? ''}`;
    if (beforeNoun && unit === 1 && rest !== 11) {
      words = words === 'veintiuno' ? 'veintiún' : words.replace(/uno$/, 'un');
    }
    parts.push(words);
  }
  return parts.join(' ');
}

/** A whole number from 0 to 999.999.999.999 in words; `beforeNoun` as in "veintiún euros". */
export function integerWords(value: number, beforeNoun = false): string {
  if (!Number.isSafeInteger(value) || value < 0 || value >= 1e12) {
    throw new RangeError(`integerWords: ${value} is not a whole number below a billion`);
  }
  if (value === 0) return 'cero';
  const millions = Math.floor(value / 1e6);
  const thousands = Math.floor((value % 1e6) / 1000);
  const rest = value % 1000;
  const parts: string[] = [];
  if (millions > 0) {
    parts.push(millions === 1 ? 'un millón' : `${integerWords(millions, true)} millones`);
  }
  if (thousands > 0) parts.push(thousands === 1 ? 'mil' : `${belowThousand(thousands, true)} mil`);
  if (rest > 0) parts.push(belowThousand(rest, beforeNoun));
  return parts.join(' ');
}

/** Euros in words: "mil doscientos euros", "un euro", "un millón de euros", "diez euros con cinco céntimos". */
export function euroWords(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`euroWords: ${amount} is not an amount`);
  const cents = Math.round(amount * 100);
  const euros = Math.floor(cents / 100);
  const rest = cents % 100;
  const wholeMillions = euros >= 1e6 && euros % 1e6 === 0;
  const main = `${integerWords(euros, true)} ${euros === 1 ? 'euro' : wholeMillions ? 'de euros' : 'euros'}`;
  if (rest === 0) return main;
  return `${main} con ${integerWords(rest, true)} ${rest === 1 ? 'céntimo' : 'céntimos'}`;
}

const figures = new Intl.NumberFormat('es-ES', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
  useGrouping: 'always',
});

/** "1.200 €", "10,50 €" (Spanish grouping even for four digits). */
export const euroFigures = (amount: number): string => `${figures.format(amount)} €`;

/** "mil doscientos euros (1.200 €)". */
export const euros = (amount: number): string => `${euroWords(amount)} (${euroFigures(amount)})`;

/** A calendar date (YYYY-MM-DD) in Spanish long form: "1 de diciembre de 2026". */
export function longDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`longDate: ${isoDate} is not a YYYY-MM-DD date`);
  // Noon UTC is the same calendar day in Madrid all year.
  return formatLongDate(new Date(`${isoDate}T12:00:00Z`));
}

/**
 * A count in words and figures before its noun: "un (1) mes", "tres (3) dormitorios"; feminine for a
 * feminine noun: "una (1) mensualidad", "doscientas (200) mensualidades".
 */
export function countWords(value: number, gender: 'masculine' | 'feminine' = 'masculine'): string {
  let words = integerWords(value, gender === 'masculine');
  if (gender === 'feminine') words = words.replace(/ientos\b/g, 'ientas').replace(/uno$/, 'una');
  return `${words} (${value})`;
}

/** A Spanish phone in E.164 shown as people write it: "+34 612 345 678". */
export function phoneText(e164: string): string {
  const spanish = /^\+34(\d{3})(\d{3})(\d{3})$/.exec(e164);
  return spanish ? `+34 ${spanish[1]} ${spanish[2]} ${spanish[3]}` : e164;
}
