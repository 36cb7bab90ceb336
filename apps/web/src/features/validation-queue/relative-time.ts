import { validationTexts } from './texts';

const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

let format: Intl.RelativeTimeFormat | undefined;

/**
 * How long ago `isoDate` was, in Spanish ("hace 3 días", "hace 2 horas"), counted in whole
 * units: 47 hours is "hace 1 día", not "hace 2 días". Under a minute (or a clock a little ahead) is "hace un
 * momento".
 */
export function timeAgo(isoDate: string, now: number = Date.now()): string {
  const seconds = Math.floor((now - new Date(isoDate).getTime()) / 1000);
  format ??= new Intl.RelativeTimeFormat('es', { numeric: 'always' });
  for (const [unit, size] of units) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return validationTexts.time.justNow;
}
