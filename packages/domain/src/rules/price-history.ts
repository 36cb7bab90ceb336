import { formatEuros } from '../format';

/**
 * Price history (issue 26 point 4, decision 037). A card shows "Ha bajado 50 €" while the announcement's
 * last public price change was a drop made within this many days.
 */
export const PRICE_DROP_BADGE_DAYS = 30;

/** One public price change of an announcement. */
export interface PriceChange {
  oldPrice: number;
  newPrice: number;
  changedAt: string;
}

/**
 * The drop a card shows: the euros the last change took off, when that change was a drop made within
 * `PRICE_DROP_BADGE_DAYS` of `now`; else null.
 */
export function priceDropOf(
  last: { price: number | null; previousPrice: number | null; changedAt: Date | string | null },
  now: Date,
): number | null {
  if (last.price === null || last.previousPrice === null || last.changedAt === null) return null;
  if (last.previousPrice <= last.price) return null;
  const at = typeof last.changedAt === 'string' ? new Date(last.changedAt) : last.changedAt;
  const age = now.getTime() - at.getTime();
  if (Number.isNaN(age) || age > PRICE_DROP_BADGE_DAYS * 24 * 3600_000) return null;
  return last.previousPrice - last.price;
}

// Made on first use, not when the module loads: the catalogue's cards import this file for the badge.
let formats: {
  dayMonth: Intl.DateTimeFormat;
  dayMonthYear: Intl.DateTimeFormat;
  year: Intl.DateTimeFormat;
} | null = null;
function dayFormats() {
  formats ??= {
    dayMonth: new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', timeZone: 'Europe/Madrid' }),
    dayMonthYear: new Intl.DateTimeFormat('es-ES', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Madrid',
    }),
    year: new Intl.DateTimeFormat('es-ES', { year: 'numeric', timeZone: 'Europe/Madrid' }),
  };
  return formats;
}

/** "3 de noviembre" in Madrid's time; with the year when it is not `now`'s ("3 de noviembre de 2025"). */
export function formatChangeDay(at: Date, now: Date): string {
  const f = dayFormats();
  return f.year.format(at) === f.year.format(now) ? f.dayMonth.format(at) : f.dayMonthYear.format(at);
}

/** A line of the property page's history: "Bajó 50 € el 3 de noviembre", "Subió 20 € el …". */
export function priceChangeLine(change: PriceChange, now: Date): string {
  const difference = change.newPrice - change.oldPrice;
  const verb = difference < 0 ? 'Bajó' : 'Subió';
  return `${verb} ${formatEuros(Math.abs(difference))} el ${formatChangeDay(new Date(change.changedAt), now)}`;
}
