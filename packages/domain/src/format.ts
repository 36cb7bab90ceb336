// SPEC 5.6: dot as thousands separator, comma as decimal separator, '-' when empty.
// es-ES leaves four-digit numbers ungrouped by default ("1000"); 'always' gives "1.000".
const integer = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0, useGrouping: 'always' });
const decimal = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2, useGrouping: 'always' });

type Numeric = number | string | null | undefined;

const toNumber = (value: Numeric): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

export function formatNumber(value: Numeric, withDecimals = false): string {
  const n = toNumber(value);
  if (n === null) return '-';
  return (withDecimals ? decimal : integer).format(n);
}

export function formatEuros(value: Numeric, perMonth = false): string {
  const n = toNumber(value);
  if (n === null) return '-';
  return `${integer.format(n)} €${perMonth ? '/mes' : ''}`;
}

const longDate = new Intl.DateTimeFormat('es-ES', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Madrid',
});

/** A day as people in Spain say it, in Madrid's time: '23 de noviembre de 2026'. */
export const formatLongDate = (date: Date): string => longDate.format(date);
