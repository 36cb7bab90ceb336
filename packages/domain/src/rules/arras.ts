import { formatEuros, formatPercent } from '../format';

/**
 * Arras of a sale (issue 23 point 13): the seller states them on the announcement, the buyer's offer
 * accepts them, and the contract of the sale is the arras contract with those terms. SPEC names no master
 * list for them, so the three kinds of the Civil Code are kept here, with their Spanish labels:
 * penitenciales (art. 1.454: either party may walk away, losing them or returning them doubled),
 * confirmatorias (a payment on account: a breach lets the other party demand fulfilment or resolution
 * with damages, art. 1.124) and penales (a penalty for a breach, on top of demanding fulfilment, art.
 * 1.152).
 */
export const ArrasType = {
  Penitential: 'ARS001',
  Confirmatory: 'ARS002',
  Penal: 'ARS003',
} as const;
export type ArrasTypeCode = (typeof ArrasType)[keyof typeof ArrasType];
export const arrasTypeCodes = [ArrasType.Penitential, ArrasType.Confirmatory, ArrasType.Penal] as const;

/** "Arras penitenciales" and so on: the label of each type, as the form, the page and the contract say it. */
export const arrasTypeLabels: Readonly<Record<ArrasTypeCode, string>> = {
  ARS001: 'Arras penitenciales',
  ARS002: 'Arras confirmatorias',
  ARS003: 'Arras penales',
};

/** Arras in euros or as a whole percentage of the price. */
export const arrasUnits = ['percent', 'euros'] as const;
export type ArrasUnit = (typeof arrasUnits)[number];

export interface ArrasTerms {
  typeCode: ArrasTypeCode;
  unit: ArrasUnit;
  value: number;
}

/** A percentage of the price between these, both allowed (what is usual in Spain is 5–20 %). */
export const ARRAS_PERCENT_MIN = 1;
export const ARRAS_PERCENT_MAX = 30;

/** What the form prefills and a sale without stated arras (before issue 23) is contracted with. */
export const defaultArras: ArrasTerms = { typeCode: ArrasType.Penitential, unit: 'percent', value: 10 };

export type ArrasIssueCode = 'ARRAS_PERCENT_OUT_OF_RANGE' | 'ARRAS_OVER_PRICE';

/**
 * What is wrong with the arras for a price, or null: a percentage must be whole and within 1–30 %; an
 * amount in euros must be whole, at least 1 € and below the price (the price unknown, as in a draft,
 * only the first is checked).
 */
export function arrasIssue(arras: ArrasTerms, price: number | null | undefined): ArrasIssueCode | null {
  if (arras.unit === 'percent') {
    const ok =
      Number.isInteger(arras.value) && arras.value >= ARRAS_PERCENT_MIN && arras.value <= ARRAS_PERCENT_MAX;
    return ok ? null : 'ARRAS_PERCENT_OUT_OF_RANGE';
  }
  if (!Number.isInteger(arras.value) || arras.value < 1) return 'ARRAS_OVER_PRICE';
  return price !== null && price !== undefined && arras.value >= price ? 'ARRAS_OVER_PRICE' : null;
}

/** The arras in euros on a price: the percentage rounded to the euro, or the stated amount. */
export function arrasAmountOn(arras: ArrasTerms, price: number): number {
  return arras.unit === 'euros' ? arras.value : Math.max(1, Math.round((price * arras.value) / 100));
}

/** How much they are: "10 % del precio (24.500 €)" (without the price, "10 % del precio"), or "20.000 €". */
export function arrasShare(arras: ArrasTerms, price: number | null | undefined): string {
  if (arras.unit === 'euros') return formatEuros(arras.value);
  const share = `${formatPercent(arras.value / 100)} del precio`;
  return price ? `${share} (${formatEuros(arrasAmountOn(arras, price))})` : share;
}

/**
 * How the form and the offer dialog say them: "Arras penitenciales: 10 % del precio (24.500 €)", or
 * "Arras confirmatorias: 20.000 €".
 */
export function describeArras(arras: ArrasTerms, price: number | null | undefined): string {
  return `${arrasTypeLabels[arras.typeCode]}: ${arrasShare(arras, price)}`;
}

const isTypeCode = (value: unknown): value is ArrasTypeCode =>
  typeof value === 'string' && (arrasTypeCodes as readonly string[]).includes(value);

/** The arras stored in an announcement's `details` (or null when it states none, or they are malformed). */
export function arrasOf(details: Readonly<Record<string, unknown>> | null | undefined): ArrasTerms | null {
  const raw = details?.arras;
  if (typeof raw !== 'object' || raw === null) return null;
  const { typeCode, unit, value } = raw as Record<string, unknown>;
  if (!isTypeCode(typeCode) || (unit !== 'percent' && unit !== 'euros') || typeof value !== 'number') {
    return null;
  }
  return { typeCode, unit, value };
}
