import type { AnnouncementKind } from '../announcement-kind';

/**
 * How much an announcement may ask, per kind, in whole euros (SPEC: amounts are integers; rentals are
 * per month). Between `min` and `max` a price is accepted; outside, the API refuses it with
 * PRICE_OUT_OF_RANGE (a slip of the keyboard: "250.000" read as 250 €, a whole home at 95.000 €/mes).
 * Outside the usual range the form only warns, for a price that is possible but rare.
 */
export interface PriceBounds {
  /** Hard limits, both allowed. */
  min: number;
  max: number;
  /** The soft range: a price outside it gets a warning, not an error. */
  usualMin: number;
  usualMax: number;
  perMonth: boolean;
}

export const priceBounds: Readonly<Record<AnnouncementKind, PriceBounds>> = {
  sale: { min: 1_000, max: 50_000_000, usualMin: 20_000, usualMax: 3_000_000, perMonth: false },
  rental: { min: 100, max: 30_000, usualMin: 250, usualMax: 6_000, perMonth: true },
  room: { min: 50, max: 5_000, usualMin: 150, usualMax: 1_500, perMonth: true },
};

export type PricePlausibility = 'usual' | 'unusual' | 'tooLow' | 'tooHigh';

export function pricePlausibility(kind: AnnouncementKind, price: number): PricePlausibility {
  const bounds = priceBounds[kind];
  if (price < bounds.min) return 'tooLow';
  if (price > bounds.max) return 'tooHigh';
  return price < bounds.usualMin || price > bounds.usualMax ? 'unusual' : 'usual';
}

export const isPriceAllowed = (kind: AnnouncementKind, price: number): boolean => {
  const plausibility = pricePlausibility(kind, price);
  return plausibility !== 'tooLow' && plausibility !== 'tooHigh';
};
