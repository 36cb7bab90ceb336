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

/**
 * A share as a whole percentage, with a non-breaking space so that "80 %" never wraps before its sign:
 * 0.8 → '80 %' (U+00A0), 0.354 → '35 %'; '-' when empty.
 */
export function formatPercent(ratio: Numeric): string {
  const n = toNumber(ratio);
  if (n === null) return '-';
  return `${integer.format(Math.round(n * 100))}\u00a0%`;
}

const longDate = new Intl.DateTimeFormat('es-ES', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Madrid',
});

/** A day as people in Spain say it, in Madrid's time: '23 de noviembre de 2026'. */
export const formatLongDate = (date: Date): string => longDate.format(date);

const dayTimeOptions = {
  short: { dateStyle: 'short', timeStyle: 'short' },
  long: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** As a signature page writes it: long, with the zone ('CET'/'CEST'). */
  longWithZone: {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

type DayTimeStyle = keyof typeof dayTimeOptions;

// Made on first use, not when the module loads: most pages that import this file show no time.
const dayTimeFormats = new Map<DayTimeStyle, Intl.DateTimeFormat>();

function dayTimeFormat(style: DayTimeStyle): Intl.DateTimeFormat {
  let format = dayTimeFormats.get(style);
  if (!format) {
    format = new Intl.DateTimeFormat('es-ES', { ...dayTimeOptions[style], timeZone: 'Europe/Madrid' });
    dayTimeFormats.set(style, format);
  }
  return format;
}

/**
 * A moment's day and time in Madrid's time, whatever the device's zone: short '24/11/26, 0:30', long
 * '24 de noviembre de 2026 a las 00:30'; '-' when the date cannot be read.
 */
export function formatDayTime(value: Date | string, style: DayTimeStyle = 'short'): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '-' : dayTimeFormat(style).format(date);
}
