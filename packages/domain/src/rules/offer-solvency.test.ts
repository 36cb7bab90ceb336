import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offerAttributes } from '../masters/offer-contract';
import { OfferPaymentType, SolvencyStatus } from '../codes';
import { affordableRentPercent, offerSolvency, type SolvencyFacts } from './offer-solvency';
import { tenantRentalSolvency, tightRentPercent, type HouseholdIncome } from './solvency';

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
const bands = 'Calculado con el mínimo del tramo de ingresos de cada titular y avalista.';
const nobody = { hasCoHolder: false, hasGuarantor: false };
/** A profile: the tenant's band first, then the co-holders'; the guarantors apart. */
const profile = (holders: number[], guarantors: number[] = []): HouseholdIncome => ({
  tenant: holders[0] ?? null,
  coHolders: holders.slice(1),
  guarantors,
});
const nbsp = '\u00a0';

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
        `El alquiler (1.050 €/mes) es el 35${nbsp}% de los ingresos netos declarados (3.000 €/mes).`,
        `Está dentro del 35${nbsp}% recomendado.`,
        declared,
      ],
      ...nobody,
    });
  });

  it('calls a rent up to 45 % tight, and above that insufficient', () => {
    const tight = offerSolvency(rental({ amount: 1060, salary: 3000 }), figures);
    expect(tight).toMatchObject({ statusCode: 'OSS005', ratio: 0.35 });
    expect(tight.reasons[1]).toBe(`Supera el 35${nbsp}% recomendado sin pasar del 45${nbsp}%: es ajustado.`);
    expect(offerSolvency(rental({ amount: 1350, salary: 3000 }), figures).statusCode).toBe('OSS005');
    const over = offerSolvency(rental({ amount: 1360, salary: 3000 }), figures);
    expect(over).toMatchObject({ statusCode: 'OSS004', ratio: 0.45 });
    expect(over.reasons[1]).toBe(
      `Supera el 45${nbsp}% de los ingresos: puedes pedirle un avalista o más ingresos.`,
    );
  });

  it('prefers the incomes of the profile (the tenant’s band) to the salary declared with the offer', () => {
    const facts = rental({ amount: 1000, salary: 9000, household: profile([1500, 1500]) });
    expect(offerSolvency(facts, figures)).toEqual({
      statusCode: 'OSS002',
      ratio: 0.33,
      reasons: [
        `El alquiler (1.000 €/mes) es el 33${nbsp}% de los ingresos netos declarados (3.000 €/mes).`,
        `Está dentro del 35${nbsp}% recomendado.`,
        bands,
      ],
      hasCoHolder: true,
      hasGuarantor: false,
    });
    // A profile without the tenant's band takes the declared salary for the tenant; the others count.
    const guarantorsOnly = rental({
      amount: 1000,
      salary: 900,
      household: { tenant: null, coHolders: [], guarantors: [3000] },
    });
    expect(offerSolvency(guarantorsOnly, figures)).toMatchObject({
      statusCode: 'OSS003',
      ratio: 0.26,
      hasGuarantor: true,
    });
    expect(offerSolvency(guarantorsOnly, figures).reasons.at(-1)).toBe(declared);
  });

  it('counts the guarantors in the household: solvent with a guarantor within 35 % of everybody’s', () => {
    const covered = offerSolvency(rental({ amount: 900, household: profile([2000], [600]) }), figures);
    expect(covered).toMatchObject({ statusCode: 'OSS003', ratio: 0.35, hasGuarantor: true });
    expect(covered.reasons).toEqual([
      `El alquiler (900 €/mes) es el 35${nbsp}% de los ingresos netos declarados (2.600 €/mes), contando los del avalista.`,
      `Está dentro del 35${nbsp}% recomendado.`,
      'Es solvente gracias a los ingresos de sus avalistas.',
      bands,
    ]);
    const short = offerSolvency(rental({ amount: 1000, household: profile([900], [600]) }), figures);
    expect(short).toMatchObject({ statusCode: 'OSS004', ratio: 0.67 });
    expect(short.reasons[1]).toBe(
      `Supera el 45${nbsp}% de los ingresos: puedes pedirle otro avalista o más ingresos.`,
    );
  });

  it('gives the owner the figure the candidate’s own box gives, for the same household and rent', () => {
    const households = fc.record({
      tenant: fc.option(fc.integer({ min: 300, max: 7500 }), { nil: null }),
      coHolders: fc.array(fc.integer({ min: 300, max: 7500 }), { maxLength: 4 }),
      guarantors: fc.array(fc.integer({ min: 300, max: 7500 }), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), households, (rent, household) => {
        const owner = offerSolvency(rental({ amount: rent, salary: null, household }), figures);
        const mine = tenantRentalSolvency(rent, household);
        expect(owner.statusCode).toBe(mine.statusCode);
        expect(owner.ratio).toBe(mine.ratio);
        expect([owner.hasCoHolder, owner.hasGuarantor]).toEqual([mine.hasCoHolder, mine.hasGuarantor]);
        // Locked: the same status and people, no figure.
        const hidden = offerSolvency(rental({ amount: rent, salary: null, household }), locked);
        expect(hidden).toMatchObject({
          statusCode: mine.statusCode,
          ratio: null,
          hasCoHolder: mine.hasCoHolder,
          hasGuarantor: mine.hasGuarantor,
        });
      }),
    );
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
      ...nobody,
    });
    expect(offerSolvency(rental({ isVisitRequest: true, amount: 0, price: null }), figures)).toEqual({
      statusCode: 'OSS001',
      ratio: null,
      reasons: ['No hay un alquiler mensual con el que comparar los ingresos.'],
      ...nobody,
    });
  });

  it('judges a sale by its payment: cash or a pre-approved mortgage, else tight', () => {
    const cash = { paymentType: OfferPaymentType.Cash, mortgageAmount: null, mortgagePreApproved: null };
    const mortgage = { paymentType: OfferPaymentType.Mortgage, mortgageAmount: 150_000 };
    expect(offerSolvency(sale({ sale: cash }), figures)).toEqual({
      statusCode: 'OSS002',
      ratio: null,
      reasons: ['Paga al contado: no depende de financiación.'],
      ...nobody,
    });
    expect(offerSolvency(sale({ sale: { ...mortgage, mortgagePreApproved: true } }), figures)).toEqual({
      statusCode: 'OSS002',
      ratio: null,
      reasons: ['Tiene una hipoteca preaprobada (150.000 €).'],
      ...nobody,
    });
    expect(offerSolvency(sale({ sale: { ...mortgage, mortgagePreApproved: false } }), figures)).toEqual({
      statusCode: 'OSS005',
      ratio: null,
      reasons: ['Financia con hipoteca (150.000 €) aún sin preaprobar: depende de que el banco la conceda.'],
      ...nobody,
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
      reasons: [`El alquiler ofrecido supera el 35${nbsp}% de los ingresos netos declarados.`, declared],
      ...nobody,
    });
    const solvent = offerSolvency(rental({ amount: 800, household: profile([3000]) }), locked);
    expect(solvent.reasons).toEqual([
      `El alquiler ofrecido no supera el 35${nbsp}% de los ingresos netos declarados.`,
      bands,
    ]);
    const covered = offerSolvency(rental({ amount: 1000, household: profile([900], [3000]) }), locked);
    // The status and whom the candidate counts with show while locked; no figure does.
    expect(covered).toMatchObject({
      statusCode: 'OSS003',
      ratio: null,
      hasGuarantor: true,
      hasCoHolder: false,
    });
    expect(covered.reasons[0]).toBe(
      `El alquiler ofrecido no supera el 35${nbsp}% de los ingresos netos declarados, contando los del avalista.`,
    );
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
