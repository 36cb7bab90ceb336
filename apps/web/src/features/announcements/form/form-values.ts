import { ANNOUNCEMENT_DURATION_DAYS } from '@casaoferta/domain/masters/announcement';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';

/**
 * Prefill: GET /api/announcement/{id} keeps the kind's fields in `details`; some (price, offer type, …)
 * may sit at the top level. Every value is read from both, top level first, and type-checked.
 */
export type Reader = (key: string) => unknown;

export function readerOf(announcement: OwnerAnnouncement | undefined): Reader {
  if (!announcement) return () => undefined;
  const top = announcement as unknown as Record<string, unknown>;
  return (key) => top[key] ?? announcement.details[key];
}

export const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

export const asNumber = (value: unknown): number | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
};

/** Booleans may come as true/false or as the master Yes/No values 'Si' and 'No' (SPEC 3). */
export const asBoolean = (value: unknown): boolean | undefined => {
  if (typeof value === 'boolean') return value;
  if (value === 'Si') return true;
  if (value === 'No') return false;
  return undefined;
};

export const asStringList = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;

/** An ISO date or datetime as the yyyy-mm-dd a date input takes. */
export const asDate = (value: unknown): string | undefined => asString(value)?.slice(0, 10);

/** The API keeps the period as `periodDays`; the form chooses a duration code (ADU001 = 15 days…). */
export function durationCodeOf(read: Reader): string | undefined {
  const code = asString(read('durationCode'));
  if (code) return code;
  const days = asNumber(read('periodDays'));
  return Object.entries(ANNOUNCEMENT_DURATION_DAYS).find(([, value]) => value === days)?.[0];
}

/** Fields every kind shares, with the schema defaults (price offers, 30 days). */
export function commonDefaults(propertyId: string, read: Reader) {
  return {
    propertyId,
    offerTypeCode: asString(read('offerTypeCode')) ?? 'AOT001',
    price: asNumber(read('price')),
    customTitle: asString(read('customTitle')) ?? '',
    description: asString(read('description')) ?? '',
    availableFrom: asDate(read('availableFrom')),
    durationCode: durationCodeOf(read) ?? 'ADU002',
  };
}
