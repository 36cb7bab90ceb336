import type { AnnouncementKind } from '../announcement-kind';

/**
 * The rules of an offer's amount (SPEC 5.1, 9), one definition for the offer dialog and the API.
 * Amounts are whole euros; rentals are per month. Any kind but a sale is a rental.
 */

/** The price the bounds are taken from: the higher of the asking price and the highest offer. */
export const referencePrice = (price: number, highestOffer: number | null): number =>
  Math.max(price, highestOffer ?? 0);

export interface OfferBounds {
  /** Both allowed. */
  min: number;
  max: number;
}

/** Reference minus 50 % rounded down, plus 50 % rounded up. */
export const offerBounds = (reference: number): OfferBounds => ({
  min: Math.floor(reference * 0.5),
  max: Math.ceil(reference * 1.5),
});

export type OfferAmountIssue = 'OFFER_TOO_LOW' | 'OFFER_TOO_HIGH' | 'OFFER_NOT_WHOLE_EUROS';

/** What is wrong with `amount` for these bounds, or null when it may be sent. */
export function offerAmountIssue(amount: number, bounds: OfferBounds): OfferAmountIssue | null {
  if (!Number.isInteger(amount)) return 'OFFER_NOT_WHOLE_EUROS';
  if (amount < bounds.min) return 'OFFER_TOO_LOW';
  if (amount > bounds.max) return 'OFFER_TOO_HIGH';
  return null;
}

/** The steppers' step: 250 € for a sale, 10 €/mes for a rental. */
export const offerStep = (kind: AnnouncementKind): number => (kind === 'sale' ? 250 : 10);

/** One press of a stepper, kept within the bounds. */
export function stepOffer(
  amount: number,
  direction: 1 | -1,
  kind: AnnouncementKind,
  bounds: OfferBounds,
): number {
  const next = amount + direction * offerStep(kind);
  return Math.min(bounds.max, Math.max(bounds.min, next));
}

/** Where the dialog starts: the person's own offer, else the highest offer, else the price. */
export const initialOfferAmount = (own: number | null, highest: number | null, price: number): number =>
  own ?? highest ?? price;

/** Net monthly salary of the employment section (SPEC 5.3): 300–10,000 €, sent rounded down. */
export const salaryBounds = { min: 300, max: 10_000 } as const;

/** The salary to send, or null when it is outside the bounds. */
export function salaryToSend(salary: number): number | null {
  if (!Number.isFinite(salary) || salary < salaryBounds.min || salary > salaryBounds.max) return null;
  return Math.floor(salary);
}

/**
 * A sale's mortgage (SPEC 5.2): 0 or more, and never above the offer it pays for (issue 23: one rule for
 * making and editing an offer, the dialog while typing and the API on every write).
 */
export type MortgageIssue = 'MORTGAGE_REQUIRED' | 'MORTGAGE_NEGATIVE' | 'MORTGAGE_OVER_OFFER';

/** A mortgage above the offer's amount (false while either is unreadable: NaN is judged elsewhere). */
export const mortgageOverOffer = (mortgageAmount: number, offerAmount: number): boolean =>
  mortgageAmount > offerAmount;

export function mortgageIssue(input: {
  paymentType: 'OPT000' | 'OPT001';
  mortgageAmount: number | null;
  offerAmount: number;
}): MortgageIssue | null {
  if (input.paymentType === 'OPT000') return null;
  if (input.mortgageAmount === null) return 'MORTGAGE_REQUIRED';
  if (input.mortgageAmount < 0) return 'MORTGAGE_NEGATIVE';
  if (mortgageOverOffer(input.mortgageAmount, input.offerAmount)) return 'MORTGAGE_OVER_OFFER';
  return null;
}
