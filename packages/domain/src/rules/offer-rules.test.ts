import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { offerBounds, stepOffer } from './offer-amount';
import {
  amountIssue,
  boundsFor,
  isActiveOffer,
  isOpenForOffers,
  offerIssue,
  type OfferContext,
  type OfferTarget,
} from './offer-rules';

const rental: OfferTarget = {
  typeCode: 'ATY002',
  offerTypeCode: 'AOT001',
  statusCode: 'AST001',
  price: 1000,
  highestOffer: null,
};
const sale: OfferTarget = { ...rental, typeCode: 'ATY003', price: 200_000 };
const visits: OfferTarget = { ...rental, offerTypeCode: 'AOT002' };
const incomplete: OfferContext = {
  profileComplete: false,
  household: { coHolders: ['X1234567L'], guarantors: ['00000000T'] },
};
const employment = { nif: '12345678Z', typeContractCode: 'UTC001', salary: 2000 };

describe('offer rules (SPEC 4.2, 5.1-5.3)', () => {
  it('takes offers only on published announcements, and counts sent and selected offers as current', () => {
    expect(isOpenForOffers('AST001')).toBe(true);
    for (const status of ['AST000', 'AST002', 'AST003', 'AST004', 'AST005', 'AST006', 'AST007', 'AST008'])
      expect(isOpenForOffers(status)).toBe(false);
    expect(['OSC001', 'OSC002', 'OSC003', 'OSC004', 'OSC005'].filter(isActiveOffer)).toEqual([
      'OSC001',
      'OSC002',
    ]);
  });

  it('bounds a price offer by the reference price; a visit request has none and must be 0', () => {
    expect(boundsFor({ ...rental, highestOffer: 1400 })).toEqual({ min: 700, max: 2100 });
    expect(boundsFor(visits)).toBeNull();
    expect(amountIssue(visits, 0)).toBeNull();
    expect(amountIssue(visits, 10)).toEqual({ code: 'VISIT_AMOUNT_NOT_ZERO', field: 'amount' });
    expect(amountIssue({ ...rental, price: null }, 900)).toEqual({
      code: 'ANNOUNCEMENT_NOT_OPEN',
      field: 'amount',
    });
  });

  it('asks a rental the identifier (check letter, not a co-holder’s or guarantor’s), contract and salary', () => {
    const issue = (draft: object) =>
      offerIssue(rental, { amount: 1000, offerPaymentType: 'OPT000', ...employment, ...draft }, incomplete)
        ?.code ?? null;
    expect(issue({})).toBeNull();
    expect(issue({ nif: '  ' })).toBe('NIF_REQUIRED');
    expect(issue({ nif: '12345678A' })).toBe('NIF_INVALID');
    expect(issue({ nif: ' x1234567l ' })).toBe('NIF_USED_BY_COTITULAR');
    expect(issue({ nif: '00000000t' })).toBe('NIF_USED_BY_GUARANTOR');
    expect(issue({ typeContractCode: null })).toBe('CONTRACT_TYPE_REQUIRED');
    expect(issue({ salary: null })).toBe('SALARY_REQUIRED');
    expect(issue({ salary: 299.99 })).toBe('SALARY_OUT_OF_RANGE');
    expect(issue({ salary: 10_000 })).toBeNull();
    expect(issue({ salary: 10_000.01 })).toBe('SALARY_OUT_OF_RANGE');
    // A complete profile needs no employment section.
    expect(
      offerIssue(
        rental,
        { amount: 1000, offerPaymentType: 'OPT000' },
        { ...incomplete, profileComplete: true },
      ),
    ).toBeNull();
  });

  it('asks a sale the conditions, the reason and only the contract type', () => {
    const base = {
      amount: 200_000,
      offerPaymentType: 'OPT001',
      mortgageAmount: 150_000,
      reasonPurchaseCode: 'ORP001',
      typeContractCode: 'UTC004',
    };
    const issue = (draft: object, context = incomplete) =>
      offerIssue(sale, { ...base, ...draft }, context)?.code ?? null;
    expect(issue({})).toBeNull();
    expect(issue({ mortgageAmount: null })).toBe('MORTGAGE_REQUIRED');
    expect(issue({ mortgageAmount: -1 })).toBe('MORTGAGE_NEGATIVE');
    expect(issue({ mortgageAmount: 100.5 })).toBe('MORTGAGE_NOT_WHOLE_EUROS');
    // Never above the offer, whether the offer is new or edited (issue 23: one rule).
    expect(issue({ mortgageAmount: 200_000 })).toBeNull();
    expect(issue({ mortgageAmount: 200_001 })).toBe('MORTGAGE_OVER_OFFER');
    expect(issue({ amount: 140_000, mortgageAmount: 900_000 })).toBe('MORTGAGE_OVER_OFFER');
    expect(issue({ offerPaymentType: 'OPT000', mortgageAmount: null })).toBeNull();
    expect(issue({ reasonPurchaseCode: '' })).toBe('REASON_PURCHASE_REQUIRED');
    expect(issue({ typeContractCode: undefined })).toBe('CONTRACT_TYPE_REQUIRED');
  });

  it('does not ask a visit request on a sale for purchase conditions', () => {
    const draft = { amount: 0, offerPaymentType: 'OPT000', typeContractCode: 'UTC001' };
    expect(offerIssue({ ...sale, offerTypeCode: 'AOT002' }, draft, incomplete)).toBeNull();
  });

  it('keeps every stepper press within the bounds, and accepts every amount it reaches', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.option(fc.integer({ min: 1, max: 5_000_000 }), { nil: null }),
        fc.constantFrom('sale' as const, 'rental' as const),
        fc.array(fc.constantFrom(1 as const, -1 as const), { maxLength: 40 }),
        (price, highest, kind, presses) => {
          const target: OfferTarget = {
            ...rental,
            typeCode: kind === 'sale' ? 'ATY003' : 'ATY002',
            price,
            highestOffer: highest,
          };
          const bounds = boundsFor(target);
          expect(bounds).toEqual(offerBounds(Math.max(price, highest ?? 0)));
          if (!bounds) return;
          let amount = Math.max(price, highest ?? 0);
          for (const direction of presses) {
            amount = stepOffer(amount, direction, kind, bounds);
            expect(amount).toBeGreaterThanOrEqual(bounds.min);
            expect(amount).toBeLessThanOrEqual(bounds.max);
            expect(amountIssue(target, amount)).toBeNull();
          }
        },
      ),
    );
  });

  it('accepts exactly the whole amounts within floor(ref × 0.5) and ceil(ref × 1.5)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.double({ min: 0, max: 20_000_000, noNaN: true }),
        (price, amount) => {
          const target = { ...rental, price };
          const inBounds = amount >= Math.floor(price * 0.5) && amount <= Math.ceil(price * 1.5);
          expect(amountIssue(target, amount) === null).toBe(Number.isInteger(amount) && inBounds);
        },
      ),
    );
  });
});
