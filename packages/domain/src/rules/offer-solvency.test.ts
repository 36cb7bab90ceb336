import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offerAttributes } from '../masters/offer-contract';
import { OfferPaymentType, SolvencyStatus } from '../codes';
import { affordableRentPercent, offerSolvency, type SolvencyFacts } from './offer-solvency';
import { tightRentPercent } from './solvency';

const rental = (overrides: Partial<SolvencyFacts> = {}): SolvencyFacts => ({
  typeCode: 'ATY002',
  isVisitRequest: false,
  amount: 900,
  price: 1000,
  salary: 3000,
  ...overrides,
});
const sale = (overrides: Partial<SolvencyFacts> = {}): SolvencyFacts =>
  rental({ typeCode: 'ATY003', amount: 200_000, price: 210_000, salary: null, ...overrides });
const figures = { showFigures: true };
const locked = { showFigures: false };
const declared = 'Los ingresos los declara el candidato y aún no están verificados.';
const bands =
  'Calculado con el mínimo del tramo de ingresos de cada titular; los avalistas se cuentan aparte.';

describe('the owner’s solvency verdict on an offer', () => {
  it('uses only codes of the master list solvencyStatuses, each with its label', () => {
    const statuses = offerAttributes().solvencyStatuses;
    const codes = statuses.map((item) => item.code);
    expect(Object.values(SolvencyStatus).every((code) => codes.includes(code))).toBe(true);
    expect(statuses.find((item) => item.code === SolvencyStatus.Tight)?.label).toBe('Solvencia ajustada');
    expect(statuses.find((item) => item.code === SolvencyStatus.Pending)?.label).toBe('Sin evaluar');
  });

  it('counts a rent up to 35 % of the declared salary as solvent, with the figures in Spanish', () => {
    expect(offerSolvency(rental({ amount: 1050, salary: 3000 }), figures)).toEqual({
      statusCode: 'OSS002',
      ratio: 0.35,
      reasons: [
        'El alquiler (1.050 €/mes) es el 35 % de los ingresos netos declarados (3.000 €/mes).',
        'Está dentro del 35 % recomendado.',
        declared,
      ],
    });
  });

  it('calls a rent up to 45 % tight, and above that insufficient', () => {
    const tight = offerSolvency(rental({ amount: 1060, salary: 3000 }), figures);
    expect(tight).toMatchObject({ statusCode: 'OSS005', ratio: 0.35 });
    expect(tight.reasons[1]).toBe('Supera el 35 % recomendado sin pasar del 45 %: es ajustado.');
    expect(offerSolvency(rental({ amount: 1350, salary: 3000 }), figures).statusCode).toBe('OSS005');
    const over = offerSolvency(rental({ amount: 1360, salary: 3000 }), figures);
    expect(over).toMatchObject({ statusCode: 'OSS004', ratio: 0.45 });
    expect(over.reasons[1]).toBe(
      'Supera el 45 % de los ingresos: puedes pedirle un avalista o más ingresos.',
    );
  });

  it('prefers the incomes of the profile (the holders’ bands) to the salary declared with the offer', () => {
    const facts = rental({
      amount: 1000,
      salary: 9000,
      household: { holders: [1500, 1500], guarantors: [] },
    });
    expect(offerSolvency(facts, figures)).toEqual({
      statusCode: 'OSS002',
      ratio: 0.33,
      reasons: [
        'El alquiler (1.000 €/mes) es el 33 % de los ingresos netos declarados (3.000 €/mes).',
        'Está dentro del 35 % recomendado.',
        bands,
      ],
    });
    // A profile without holders' incomes leaves the declared salary, its guarantors still count.
    const guarantorsOnly = rental({
      amount: 1000,
      salary: 900,
      household: { holders: [], guarantors: [3000] },
    });
    expect(offerSolvency(guarantorsOnly, figures)).toMatchObject({ statusCode: 'OSS003', ratio: 1.11 });
    expect(offerSolvency(guarantorsOnly, figures).reasons.at(-1)).toBe(declared);
  });

  it('counts guarantors apart: solvent with a guarantor when theirs covers the rent within 35 %', () => {
    const covered = offerSolvency(
      rental({ amount: 1000, household: { holders: [900], guarantors: [3000] } }),
      figures,
    );
    expect(covered).toMatchObject({ statusCode: 'OSS003', ratio: 1.11 });
    expect(covered.reasons).toContain('Cuenta con avalistas cuyos ingresos cubren el alquiler.');
    const short = offerSolvency(
      rental({ amount: 1000, household: { holders: [900], guarantors: [2000] } }),
      figures,
    );
    expect(short).toMatchObject({ statusCode: 'OSS004', ratio: 1.11 });
  });

  it('judges a visit request by the announcement price', () => {
    expect(
      offerSolvency(rental({ isVisitRequest: true, amount: 0, price: 600, salary: 2000 }), figures),
    ).toMatchObject({ statusCode: 'OSS002', ratio: 0.3 });
  });

  it('leaves a rental without incomes or without a rent unevaluated', () => {
    expect(offerSolvency(rental({ salary: null }), figures)).toEqual({
      statusCode: 'OSS001',
      ratio: null,
      reasons: ['El candidato todavía no ha indicado sus ingresos.'],
    });
    expect(offerSolvency(rental({ isVisitRequest: true, amount: 0, price: null }), figures)).toEqual({
      statusCode: 'OSS001',
      ratio: null,
      reasons: ['No hay un alquiler mensual con el que comparar los ingresos.'],
    });
  });

  it('judges a sale by its payment: cash or a pre-approved mortgage, else tight', () => {
    const cash = { paymentType: OfferPaymentType.Cash, mortgageAmount: null, mortgagePreApproved: null };
    const mortgage = { paymentType: OfferPaymentType.Mortgage, mortgageAmount: 150_000 };
    expect(offerSolvency(sale({ sale: cash }), figures)).toEqual({
      statusCode: 'OSS002',
      ratio: null,
      reasons: ['Paga al contado: no depende de financiación.'],
    });
    expect(offerSolvency(sale({ sale: { ...mortgage, mortgagePreApproved: true } }), figures)).toEqual({
      statusCode: 'OSS002',
      ratio: null,
      reasons: ['Tiene una hipoteca preaprobada (150.000 €).'],
    });
    expect(offerSolvency(sale({ sale: { ...mortgage, mortgagePreApproved: false } }), figures)).toEqual({
      statusCode: 'OSS005',
      ratio: null,
      reasons: ['Financia con hipoteca (150.000 €) aún sin preaprobar: depende de que el banco la conceda.'],
    });
    // A visit request on a sale has no payment conditions; the salary does not judge a sale.
    const visit = offerSolvency(sale({ isVisitRequest: true, amount: 0, sale: null, salary: 3000 }), figures);
    expect(visit.statusCode).toBe('OSS001');
    expect(visit.reasons[0]).toMatch(/financiación/);
  });

  it('shows no figure that would tell a locked amount, only the verdict', () => {
    const rent = offerSolvency(rental({ amount: 1234, salary: 2500 }), locked);
    expect(rent).toEqual({
      statusCode: 'OSS004',
      ratio: null,
      reasons: ['El alquiler ofrecido supera el 35 % de los ingresos netos declarados.', declared],
    });
    const solvent = offerSolvency(
      rental({ amount: 800, household: { holders: [3000], guarantors: [] } }),
      locked,
    );
    expect(solvent.reasons).toEqual([
      'El alquiler ofrecido no supera el 35 % de los ingresos netos declarados.',
      bands,
    ]);
    const covered = offerSolvency(
      rental({ amount: 1000, household: { holders: [900], guarantors: [3000] } }),
      locked,
    );
    expect(covered).toMatchObject({ statusCode: 'OSS003', ratio: null });
    expect(covered.reasons.join(' ')).not.toMatch(/\d{3}/);
    const mortgage = offerSolvency(
      sale({
        sale: { paymentType: OfferPaymentType.Mortgage, mortgageAmount: 150_000, mortgagePreApproved: true },
      }),
      locked,
    );
    expect(mortgage.reasons).toEqual(['Tiene una hipoteca preaprobada (importe oculto).']);
  });

  it('follows the thresholds for any rent and declared salary, figures or not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 300, max: 10_000 }),
        fc.boolean(),
        (rent, salary, showFigures) => {
          const result = offerSolvency(rental({ amount: rent, salary }), { showFigures });
          const expected =
            rent * 100 <= salary * affordableRentPercent
              ? 'OSS002'
              : rent * 100 <= salary * tightRentPercent
                ? 'OSS005'
                : 'OSS004';
          expect(result.statusCode).toBe(expected);
          if (!showFigures) {
            expect(result.ratio).toBeNull();
            // The only figure left is the recommended share.
            const numbers = result.reasons.join(' ').match(/\d[\d.]*/g) ?? [];
            expect(numbers.filter((n) => n !== String(affordableRentPercent))).toEqual([]);
            return;
          }
          // Rounded to two decimals (a percentage).
          expect(Math.abs((result.ratio ?? -1) - rent / salary)).toBeLessThanOrEqual(0.005 + 1e-9);
        },
      ),
    );
  });
});
