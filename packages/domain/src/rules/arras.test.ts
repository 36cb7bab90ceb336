import { describe, expect, it } from 'vitest';
import { saleDraftInput, saleInput } from '../schemas/owner-listings';
import { offerIssue } from './offer-rules';
import { ArrasType, arrasAmountOn, arrasIssue, arrasOf, describeArras } from './arras';

const propertyId = '7d1f3a52-2b3c-4d5e-8f90-0a1b2c3d4e5f';

describe('arras of a sale (issue 23 point 13)', () => {
  it('accepts a whole percentage from 1 to 30 % and an amount below the price', () => {
    expect(arrasIssue({ typeCode: ArrasType.Penitential, unit: 'percent', value: 10 }, 245_000)).toBeNull();
    expect(arrasIssue({ typeCode: ArrasType.Penal, unit: 'percent', value: 1 }, null)).toBeNull();
    expect(arrasIssue({ typeCode: ArrasType.Penal, unit: 'percent', value: 30 }, null)).toBeNull();
    expect(
      arrasIssue({ typeCode: ArrasType.Confirmatory, unit: 'euros', value: 20_000 }, 245_000),
    ).toBeNull();
  });

  it('refuses a percentage out of range and an amount at the price or above', () => {
    const percent = (value: number) =>
      arrasIssue({ typeCode: ArrasType.Penitential, unit: 'percent', value }, 1);
    expect([percent(0), percent(31), percent(10.5)]).toEqual(Array(3).fill('ARRAS_PERCENT_OUT_OF_RANGE'));
    const euros = (value: number) =>
      arrasIssue({ typeCode: ArrasType.Penitential, unit: 'euros', value }, 245_000);
    expect([euros(245_000), euros(300_000), euros(0)]).toEqual(Array(3).fill('ARRAS_OVER_PRICE'));
  });

  it('says them in euros on the price', () => {
    const ten = { typeCode: ArrasType.Penitential, unit: 'percent', value: 10 } as const;
    expect(arrasAmountOn(ten, 245_000)).toBe(24_500);
    expect(describeArras(ten, 245_000)).toBe('Arras penitenciales: 10\u00a0% del precio (24.500 €)');
    expect(describeArras({ typeCode: ArrasType.Confirmatory, unit: 'euros', value: 20_000 }, 245_000)).toBe(
      'Arras confirmatorias: 20.000 €',
    );
  });

  it('reads them from the details, ignoring malformed ones', () => {
    expect(arrasOf({ arras: { typeCode: 'ARS003', unit: 'euros', value: 5000 } })).toEqual({
      typeCode: 'ARS003',
      unit: 'euros',
      value: 5000,
    });
    expect(arrasOf({ arras: { typeCode: 'ARR009', unit: 'euros', value: 5000 } })).toBeNull();
    expect(arrasOf({})).toBeNull();
  });

  it('is part of the sale input, its percentage checked with its own code', () => {
    const sale = { propertyId, price: 245_000 };
    expect(
      saleInput.safeParse({ ...sale, arras: { typeCode: 'ARS001', unit: 'percent', value: 10 } }).success,
    ).toBe(true);
    const over = saleInput.safeParse({ ...sale, arras: { typeCode: 'ARS001', unit: 'percent', value: 40 } });
    expect(over.success).toBe(false);
    expect(JSON.stringify(over.error?.issues)).toContain('ARRAS_PERCENT_OUT_OF_RANGE');
    expect(
      saleInput.safeParse({ ...sale, arras: { typeCode: 'señal', unit: 'percent', value: 10 } }).success,
    ).toBe(false);
    expect(
      saleDraftInput.safeParse({ propertyId, arras: { typeCode: 'ARS002', unit: 'euros', value: 9000 } })
        .success,
    ).toBe(true);
  });
});

describe('a sale offer answers the arras (issue 23 point 13)', () => {
  const target = {
    typeCode: 'ATY003',
    offerTypeCode: 'AOT001',
    statusCode: 'AST001',
    price: 245_000,
    highestOffer: null,
    arras: { typeCode: ArrasType.Penitential, unit: 'percent', value: 10 } as const,
  };
  const draft = { amount: 245_000, offerPaymentType: 'OPT000', reasonPurchaseCode: 'ORP001' };
  const context = { profileComplete: true, household: { coHolders: [], guarantors: [] } };

  it('needs their acceptance when the sale states them, and only then', () => {
    expect(offerIssue(target, draft, context)).toEqual({ code: 'ARRAS_NOT_ACCEPTED', field: 'acceptsArras' });
    expect(offerIssue(target, { ...draft, acceptsArras: true }, context)).toBeNull();
    expect(offerIssue({ ...target, arras: null }, draft, context)).toBeNull();
  });
});
