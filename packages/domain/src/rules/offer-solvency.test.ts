import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offerAttributes } from '../masters/offer-contract';
import { SolvencyStatus } from '../codes';
import { affordableRentPercent, offerSolvency, type SolvencyFacts } from './offer-solvency';

const rental = (overrides: Partial<SolvencyFacts> = {}): SolvencyFacts => ({
  typeCode: 'ATY002',
  isVisitRequest: false,
  amount: 900,
  price: 1000,
  salary: 3000,
  ...overrides,
});
const figures = { showFigures: true };

describe('offer solvency preview', () => {
  it('uses only codes of the master list solvencyStatuses', () => {
    const codes = offerAttributes().solvencyStatuses.map((item) => item.code);
    expect(Object.values(SolvencyStatus).every((code) => codes.includes(code))).toBe(true);
  });

  it('counts a rent up to 35 % of the declared salary as solvent, with the figures in Spanish', () => {
    expect(offerSolvency(rental({ amount: 1050, salary: 3000 }), figures)).toEqual({
      statusCode: 'OSS002',
      ratio: 0.35,
      reasons: [
        'El alquiler (1.050 €/mes) es el 35 % del salario neto declarado (3.000 €/mes).',
        'Está dentro del 35 % recomendado.',
        'El salario lo declara el candidato con su oferta y aún no está verificado.',
      ],
    });
  });

  it('calls a rent above 35 % insufficient, or solvent with a guarantor when there is one', () => {
    const over = offerSolvency(rental({ amount: 1060, salary: 3000 }), figures);
    expect(over.statusCode).toBe('OSS004');
    expect(over.ratio).toBe(0.35);
    expect(over.reasons[1]).toBe('Supera el 35 % recomendado: puedes pedirle un avalista o más ingresos.');
    expect(offerSolvency(rental({ amount: 1500, salary: 2000, hasGuarantor: true }), figures)).toMatchObject({
      statusCode: 'OSS003',
      ratio: 0.75,
    });
  });

  it('judges a visit request by the announcement price', () => {
    expect(
      offerSolvency(rental({ isVisitRequest: true, amount: 0, price: 600, salary: 2000 }), figures),
    ).toMatchObject({
      statusCode: 'OSS002',
      ratio: 0.3,
    });
  });

  it('leaves sales and offers without a salary or a rent pending verification', () => {
    const sale = offerSolvency(rental({ typeCode: 'ATY003', amount: 200_000 }), figures);
    expect(sale).toMatchObject({ statusCode: 'OSS001', ratio: null });
    expect(sale.reasons[0]).toMatch(/financiación/);
    expect(offerSolvency(rental({ salary: null }), figures)).toEqual({
      statusCode: 'OSS001',
      ratio: null,
      reasons: ['El candidato todavía no ha indicado su salario neto mensual.'],
    });
    expect(offerSolvency(rental({ isVisitRequest: true, amount: 0, price: null }), figures).statusCode).toBe(
      'OSS001',
    );
  });

  it('shows no figure that would tell a locked amount, only the verdict', () => {
    const locked = offerSolvency(rental({ amount: 1234, salary: 2500 }), { showFigures: false });
    expect(locked.ratio).toBeNull();
    expect(locked.statusCode).toBe('OSS004');
    expect(locked.reasons.join(' ')).not.toMatch(/\d{3}/);
    expect(locked.reasons[0]).toBe('El alquiler ofrecido supera el 35 % del salario neto declarado.');
  });

  it('is solvent exactly when the rent is within the share of the salary (any amounts)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 300, max: 10_000 }),
        (rent, salary) => {
          const result = offerSolvency(rental({ amount: rent, salary }), figures);
          const affordable = rent * 100 <= salary * affordableRentPercent;
          expect(result.statusCode).toBe(affordable ? 'OSS002' : 'OSS004');
          // Rounded to two decimals (a percentage).
          expect(Math.abs((result.ratio ?? -1) - rent / salary)).toBeLessThanOrEqual(0.005 + 1e-9);
        },
      ),
    );
  });
});
