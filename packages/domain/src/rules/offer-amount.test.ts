import { describe, expect, it } from 'vitest';
import {
  initialOfferAmount,
  mortgageIssue,
  mortgageOverOffer,
  offerAmountIssue,
  offerBounds,
  offerStep,
  referencePrice,
  salaryToSend,
  stepOffer,
} from './offer-amount';

describe('offer amount (SPEC 5.1)', () => {
  it('takes the bounds from the higher of the price and the highest offer, floor and ceiling', () => {
    expect(referencePrice(1000, null)).toBe(1000);
    expect(referencePrice(1000, 1200)).toBe(1200);
    expect(offerBounds(1001)).toEqual({ min: 500, max: 1502 });
    expect(offerBounds(245_000)).toEqual({ min: 122_500, max: 367_500 });
  });

  it('names what is wrong: too low, too high, cents', () => {
    const bounds = offerBounds(1000);
    expect(offerAmountIssue(499, bounds)).toBe('OFFER_TOO_LOW');
    expect(offerAmountIssue(500, bounds)).toBeNull();
    expect(offerAmountIssue(1500, bounds)).toBeNull();
    expect(offerAmountIssue(1501, bounds)).toBe('OFFER_TOO_HIGH');
    expect(offerAmountIssue(900.5, bounds)).toBe('OFFER_NOT_WHOLE_EUROS');
  });

  it('steps 10 for rentals and 250 for sales, clamped to the bounds', () => {
    expect(offerStep('rental')).toBe(10);
    expect(offerStep('room')).toBe(10);
    expect(offerStep('sale')).toBe(250);
    const bounds = offerBounds(1000);
    expect(stepOffer(1000, 1, 'rental', bounds)).toBe(1010);
    expect(stepOffer(1495, 1, 'rental', bounds)).toBe(1500);
    expect(stepOffer(505, -1, 'room', bounds)).toBe(500);
    expect(stepOffer(200_000, -1, 'sale', offerBounds(200_000))).toBe(199_750);
  });

  it('starts from the own offer, else the highest, else the price', () => {
    expect(initialOfferAmount(900, 1100, 1000)).toBe(900);
    expect(initialOfferAmount(null, 1100, 1000)).toBe(1100);
    expect(initialOfferAmount(null, null, 1000)).toBe(1000);
  });
});

describe('employment and mortgage (SPEC 5.2, 5.3)', () => {
  it('sends a salary of 300 to 10,000 rounded down', () => {
    expect(salaryToSend(299.99)).toBeNull();
    expect(salaryToSend(300)).toBe(300);
    expect(salaryToSend(1850.75)).toBe(1850);
    expect(salaryToSend(10_000)).toBe(10_000);
    expect(salaryToSend(10_000.01)).toBeNull();
  });

  it('asks for a mortgage amount only with Hipoteca, never negative, never above the offer', () => {
    const base = { offerAmount: 200_000 };
    expect(mortgageIssue({ ...base, paymentType: 'OPT000', mortgageAmount: null })).toBeNull();
    expect(mortgageIssue({ ...base, paymentType: 'OPT001', mortgageAmount: null })).toBe('MORTGAGE_REQUIRED');
    expect(mortgageIssue({ ...base, paymentType: 'OPT001', mortgageAmount: -1 })).toBe('MORTGAGE_NEGATIVE');
    expect(mortgageIssue({ ...base, paymentType: 'OPT001', mortgageAmount: 200_000 })).toBeNull();
    expect(mortgageIssue({ ...base, paymentType: 'OPT001', mortgageAmount: 0 })).toBeNull();
    // Issue 23: a 140.000 € offer with a 900.000 € mortgage, refused when making it as when editing it.
    expect(mortgageIssue({ offerAmount: 140_000, paymentType: 'OPT001', mortgageAmount: 900_000 })).toBe(
      'MORTGAGE_OVER_OFFER',
    );
    expect(mortgageIssue({ ...base, paymentType: 'OPT001', mortgageAmount: 200_001 })).toBe(
      'MORTGAGE_OVER_OFFER',
    );
    // Cash carries no mortgage: whatever the field held is not judged.
    expect(mortgageIssue({ ...base, paymentType: 'OPT000', mortgageAmount: 900_000 })).toBeNull();
    expect(mortgageOverOffer(200_001, 200_000)).toBe(true);
    expect(mortgageOverOffer(200_000, 200_000)).toBe(false);
    expect(mortgageOverOffer(Number.NaN, 200_000)).toBe(false);
  });
});
