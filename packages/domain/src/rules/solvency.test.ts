import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SolvencyStatus } from '../codes';
import { SALARY_RANGES } from '../masters/user';
import {
  affordableRentPercent,
  incomeNeededFor,
  incomeOfBand,
  rentalSolvency,
  saleSolvency,
  tenantRentalSolvency,
  tightRentPercent,
  type HouseholdIncome,
  type RentalQuestion,
} from './solvency';

const household = (holders: number[], guarantors: number[] = []): HouseholdIncome => ({
  holders,
  guarantors,
});
const tenant = (rent: number | null, income: HouseholdIncome): RentalQuestion => ({
  rent,
  income,
  audience: 'tenant',
  fromBands: true,
  showFigures: true,
});
const status = (rent: number | null, income: HouseholdIncome) =>
  rentalSolvency(tenant(rent, income)).statusCode;

/** From the most to the least reassuring verdict on a household with some income. */
const rank: Readonly<Record<string, number>> = {
  [SolvencyStatus.Solvent]: 0,
  [SolvencyStatus.SolventWithGuarantor]: 1,
  [SolvencyStatus.Tight]: 2,
  [SolvencyStatus.Insufficient]: 3,
  [SolvencyStatus.Pending]: 4,
};
const rankOf = (code: string): number => rank[code] ?? Number.NaN;

describe('incomes of the profile', () => {
  it('counts each salary band at its minimum, unknown bands as none', () => {
    expect(SALARY_RANGES.map((range) => incomeOfBand(range.code))).toEqual([
      300, 600, 900, 1200, 1500, 2000, 2500, 3000, 4000, 5000, 7500,
    ]);
    expect(incomeOfBand('URS999')).toBeNull();
    expect(incomeOfBand(null)).toBeNull();
    expect(incomeOfBand(undefined)).toBeNull();
  });

  it('works out the least income at which a rent is within 35 %', () => {
    expect(incomeNeededFor(1050)).toBe(3000);
    expect(incomeNeededFor(1000)).toBe(2858);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000 }), (rent) => {
        const needed = incomeNeededFor(rent);
        expect(rent * 100 <= needed * affordableRentPercent).toBe(true);
        expect(rent * 100 <= (needed - 1) * affordableRentPercent).toBe(false);
      }),
    );
  });
});

describe('rental solvency (35 % solvent, 45 % tight)', () => {
  it('is solvent at exactly 35 %, tight just above and at exactly 45 %, insufficient above', () => {
    expect(affordableRentPercent).toBe(35);
    expect(tightRentPercent).toBe(45);
    expect(status(1050, household([3000]))).toBe(SolvencyStatus.Solvent);
    expect(status(1051, household([3000]))).toBe(SolvencyStatus.Tight);
    expect(status(1350, household([3000]))).toBe(SolvencyStatus.Tight);
    expect(status(1351, household([3000]))).toBe(SolvencyStatus.Insufficient);
    // The holders' incomes add up: 1.500 + 1.500.
    expect(status(1050, household([1500, 1500]))).toBe(SolvencyStatus.Solvent);
  });

  it('speaks to the tenant with the figures, and names where the incomes come from', () => {
    expect(rentalSolvency(tenant(1050, household([3000])))).toEqual({
      statusCode: SolvencyStatus.Solvent,
      ratio: 0.35,
      reasons: [
        'El alquiler (1.050 €/mes) sería el 35 % de tus ingresos netos (3.000 €/mes).',
        'Está dentro del 35 % recomendado: confía en tus posibilidades.',
        'Calculado con el mínimo del tramo de ingresos de cada titular; los avalistas se cuentan aparte.',
      ],
    });
    const declared = rentalSolvency({
      ...tenant(1050, household([3000])),
      audience: 'owner',
      fromBands: false,
    });
    expect(declared.reasons.at(-1)).toBe('Los ingresos los declara el candidato y aún no están verificados.');
  });

  it('counts guarantors apart: solvent with a guarantor when theirs covers the rent', () => {
    const covered = rentalSolvency(tenant(1000, household([1000], [5000])));
    // The ratio is the holders' alone (1.000 of 1.000 €), not of 6.000 €.
    expect(covered).toMatchObject({ statusCode: SolvencyStatus.SolventWithGuarantor, ratio: 1 });
    expect(covered.reasons).toContain(
      'Tus avalistas cubren el alquiler: tu solicitud es solvente con avalista.',
    );
    // A guarantor who does not cover the rent within 35 % changes nothing.
    expect(status(1000, household([1000], [2000]))).toBe(SolvencyStatus.Insufficient);
    // 40 % of the holders', covered by a guarantor: solvent with a guarantor rather than tight.
    expect(status(1000, household([2500], [3000]))).toBe(SolvencyStatus.SolventWithGuarantor);
    // Solvent holders need no guarantor.
    expect(rentalSolvency(tenant(1000, household([3000], [9000]))).reasons).not.toContain(
      'Tus avalistas cubren el alquiler: tu solicitud es solvente con avalista.',
    );
    // Guarantors without holders' income: judged by the guarantors, no ratio.
    expect(rentalSolvency(tenant(1000, household([], [3000])))).toMatchObject({
      statusCode: SolvencyStatus.SolventWithGuarantor,
      ratio: null,
    });
  });

  it('is not evaluated without a rent or without any income', () => {
    expect(rentalSolvency(tenant(null, household([3000])))).toEqual({
      statusCode: SolvencyStatus.Pending,
      ratio: null,
      reasons: ['No hay un alquiler mensual con el que comparar los ingresos.'],
    });
    expect(status(0, household([3000]))).toBe(SolvencyStatus.Pending);
    expect(rentalSolvency(tenant(1000, household([])))).toEqual({
      statusCode: SolvencyStatus.Pending,
      ratio: null,
      reasons: [
        'Completa tu situación laboral (tipo de contrato y tramo de ingresos) para calcular tu solvencia.',
      ],
    });
  });

  it('never worsens the verdict, nor raises the ratio, when income is added', () => {
    const incomes = fc.array(fc.integer({ min: 300, max: 10_000 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        incomes,
        fc.array(fc.integer({ min: 300, max: 10_000 }), { maxLength: 4 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.boolean(),
        (rent, holders, guarantors, extra, asGuarantor) => {
          const before = rentalSolvency(tenant(rent, household(holders, guarantors)));
          const more = asGuarantor
            ? household(holders, [...guarantors, extra])
            : household([...holders, extra], guarantors);
          const after = rentalSolvency(tenant(rent, more));
          expect(rankOf(after.statusCode)).toBeLessThanOrEqual(rankOf(before.statusCode));
          expect(after.ratio ?? 0).toBeLessThanOrEqual(before.ratio ?? 0);
        },
      ),
    );
  });
});

describe('the tenant’s verdict before offering', () => {
  it('adds nothing to a solvent verdict, nor to one that cannot be worked out yet', () => {
    expect(tenantRentalSolvency(1000, household([3000]))).toMatchObject({
      statusCode: SolvencyStatus.Solvent,
      withCoHolder: null,
      withGuarantor: null,
    });
    expect(tenantRentalSolvency(1000, household([]))).toMatchObject({
      statusCode: SolvencyStatus.Pending,
      withCoHolder: null,
      withGuarantor: null,
    });
    expect(tenantRentalSolvency(null, household([3000]))).toMatchObject({
      statusCode: SolvencyStatus.Pending,
      withCoHolder: null,
      withGuarantor: null,
    });
  });

  it('makes the co-holder scenario solvent and the guarantor one solvent with a guarantor', () => {
    const verdict = tenantRentalSolvency(1000, household([2500]));
    expect(verdict.statusCode).toBe(SolvencyStatus.Tight);
    expect(verdict.withCoHolder).toMatchObject({ statusCode: SolvencyStatus.Solvent, ratio: 0.35 });
    expect(verdict.withCoHolder?.reasons[0]).toBe(
      'Con un co-titular que aporte al menos 358 € netos al mes, serías solvente.',
    );
    expect(verdict.withGuarantor).toMatchObject({
      statusCode: SolvencyStatus.SolventWithGuarantor,
      ratio: 0.4,
    });
    expect(verdict.withGuarantor?.reasons[0]).toBe(
      'Con un avalista que ingrese al menos 2.858 € netos al mes, serías solvente con avalista.',
    );
    // Already covered by a guarantor: only the co-holder scenario is new.
    const covered = tenantRentalSolvency(1000, household([900], [3000]));
    expect(covered).toMatchObject({ statusCode: SolvencyStatus.SolventWithGuarantor, withGuarantor: null });
    expect(covered.withCoHolder?.statusCode).toBe(SolvencyStatus.Solvent);
  });

  it('holds for any household that falls short', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.array(fc.integer({ min: 300, max: 10_000 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 300, max: 10_000 }), { maxLength: 2 }),
        (rent, holders, guarantors) => {
          const verdict = tenantRentalSolvency(rent, household(holders, guarantors));
          if (verdict.statusCode === SolvencyStatus.Solvent) {
            expect([verdict.withCoHolder, verdict.withGuarantor]).toEqual([null, null]);
            return;
          }
          expect(verdict.withCoHolder?.statusCode).toBe(SolvencyStatus.Solvent);
          if (verdict.statusCode === SolvencyStatus.SolventWithGuarantor)
            expect(verdict.withGuarantor).toBeNull();
          else expect(verdict.withGuarantor?.statusCode).toBe(SolvencyStatus.SolventWithGuarantor);
        },
      ),
    );
  });
});

describe('sale solvency', () => {
  it('is solvent in cash or with a pre-approved mortgage, tight with one to approve', () => {
    expect(saleSolvency(null, 'tenant', true)).toEqual({
      statusCode: SolvencyStatus.Pending,
      ratio: null,
      reasons: [
        'En una compra, la solvencia depende de cómo pagues: al contado o con una hipoteca preaprobada.',
      ],
    });
    expect(
      saleSolvency({ paymentType: 'OPT000', mortgageAmount: null, mortgagePreApproved: null }, 'owner', true),
    ).toMatchObject({ statusCode: SolvencyStatus.Solvent });
    const mortgage = { paymentType: 'OPT001', mortgageAmount: 180_000 };
    expect(saleSolvency({ ...mortgage, mortgagePreApproved: true }, 'owner', true).statusCode).toBe(
      SolvencyStatus.Solvent,
    );
    expect(saleSolvency({ ...mortgage, mortgagePreApproved: false }, 'owner', false)).toEqual({
      statusCode: SolvencyStatus.Tight,
      ratio: null,
      reasons: [
        'Financia con hipoteca (importe oculto) aún sin preaprobar: depende de que el banco la conceda.',
      ],
    });
  });
});
