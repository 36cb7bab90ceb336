import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SolvencyStatus } from '../codes';
import { SALARY_RANGES } from '../masters/user';
import {
  affordableRentPercent,
  effortRatio,
  householdTotals,
  incomeNeededFor,
  incomeOfBand,
  rentalSolvency,
  saleSolvency,
  solvencyRank,
  tenantRentalSolvency,
  tightRentPercent,
  type HouseholdIncome,
  type RentalQuestion,
} from './solvency';

/** The tenant first, then the co-holders; the guarantors apart. */
const household = (holders: number[], guarantors: number[] = []): HouseholdIncome => ({
  tenant: holders[0] ?? null,
  coHolders: holders.slice(1),
  guarantors,
});
const nbsp = '\u00a0';
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
        `El alquiler (1.050 €/mes) sería el 35${nbsp}% de tus ingresos netos (3.000 €/mes).`,
        `Está dentro del 35${nbsp}% recomendado: confía en tus posibilidades.`,
        'Calculado con el mínimo del tramo de ingresos de cada titular y avalista.',
      ],
      hasCoHolder: false,
      hasGuarantor: false,
    });
    const declared = rentalSolvency({
      ...tenant(1050, household([3000])),
      audience: 'owner',
      fromBands: false,
    });
    expect(declared.reasons.at(-1)).toBe('Los ingresos los declara el candidato y aún no están verificados.');
    // No percentage in a reason may wrap before its sign.
    expect(declared.reasons.join(' ')).not.toMatch(/\d %/);
  });
});

describe('the household: tenant, co-holders and guarantors (issue 23, point 8)', () => {
  it('adds everybody’s income up once, and says whom the tenant counts with', () => {
    const both = { tenant: 1200, coHolders: [900], guarantors: [2000, null] };
    expect(householdTotals(both)).toEqual({
      holders: 2100,
      guarantors: 2000,
      total: 4100,
      hasCoHolder: true,
      hasGuarantor: true,
    });
    expect(householdTotals({ tenant: null, coHolders: [], guarantors: [] })).toMatchObject({
      total: 0,
      hasCoHolder: false,
      hasGuarantor: false,
    });
    // The effort is the rent over the household's income, two decimals.
    expect(effortRatio(900, both)).toBe(0.22);
    expect(effortRatio(900, household([2000]))).toBe(0.45);
    expect(effortRatio(null, both)).toBeNull();
    expect(effortRatio(900, household([]))).toBeNull();
  });

  it('none: the tenant alone, as before', () => {
    expect(rentalSolvency(tenant(900, household([2000])))).toMatchObject({
      statusCode: SolvencyStatus.Tight,
      ratio: 0.45,
      hasCoHolder: false,
      hasGuarantor: false,
    });
  });

  it('a co-holder: their income adds to the holders’, solvent on their own', () => {
    const verdict = rentalSolvency(tenant(900, household([2000, 600])));
    expect(verdict).toMatchObject({
      statusCode: SolvencyStatus.Solvent,
      ratio: 0.35,
      hasCoHolder: true,
      hasGuarantor: false,
    });
    expect(verdict.reasons[0]).toBe(
      `El alquiler (900 €/mes) sería el 35${nbsp}% de tus ingresos netos (2.600 €/mes).`,
    );
  });

  it('a guarantor: their income counts in the effort, solvent with a guarantor within 35 %', () => {
    // The case of the issue: 900 €/mes on a 2.000 € band read 45 % whatever the guarantor earned.
    const verdict = rentalSolvency(tenant(900, household([2000], [600])));
    expect(verdict).toMatchObject({
      statusCode: SolvencyStatus.SolventWithGuarantor,
      ratio: 0.35,
      hasCoHolder: false,
      hasGuarantor: true,
    });
    expect(verdict.reasons).toEqual([
      `El alquiler (900 €/mes) sería el 35${nbsp}% de tus ingresos netos (2.600 €/mes), contando los de tu avalista.`,
      `Está dentro del 35${nbsp}% recomendado: confía en tus posibilidades.`,
      'Con los ingresos de tus avalistas llegas: tu solicitud es solvente con avalista.',
      'Calculado con el mínimo del tramo de ingresos de cada titular y avalista.',
    ]);
    // A small guarantor still lowers the effort: 1.000 of 1.000 + 1.500 is 40 %, tight.
    expect(rentalSolvency(tenant(1000, household([1000], [1500])))).toMatchObject({
      statusCode: SolvencyStatus.Tight,
      ratio: 0.4,
    });
    // Solvent holders are solvent, whatever the guarantors.
    const solvent = rentalSolvency(tenant(1000, household([3000], [9000])));
    expect(solvent).toMatchObject({ statusCode: SolvencyStatus.Solvent, ratio: 0.08 });
    expect(solvent.reasons).not.toContain(
      'Con los ingresos de tus avalistas llegas: tu solicitud es solvente con avalista.',
    );
    // A guarantor without the tenant's income: judged on the guarantor's, never "solvent" alone.
    expect(rentalSolvency(tenant(1000, household([], [3000])))).toMatchObject({
      statusCode: SolvencyStatus.SolventWithGuarantor,
      ratio: 0.33,
    });
    // Two guarantors are named as such.
    expect(rentalSolvency(tenant(900, household([2000], [300, 300]))).reasons[0]).toMatch(
      /contando los de tus avalistas\.$/,
    );
  });

  it('both: the holders’ income decides "solvent", the whole household the rest', () => {
    expect(rentalSolvency(tenant(1200, household([2000, 600], [900])))).toMatchObject({
      statusCode: SolvencyStatus.SolventWithGuarantor,
      ratio: 0.34,
      hasCoHolder: true,
      hasGuarantor: true,
    });
    expect(rentalSolvency(tenant(1500, household([2000, 600], [600])))).toMatchObject({
      statusCode: SolvencyStatus.Insufficient,
      ratio: 0.47,
      hasCoHolder: true,
      hasGuarantor: true,
    });
  });

  it('follows the thresholds for any household: one formula for the ratio and the status', () => {
    const incomes = fc.array(fc.option(fc.integer({ min: 300, max: 10_000 }), { nil: null }), {
      maxLength: 4,
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.option(fc.integer({ min: 300, max: 10_000 }), { nil: null }),
        incomes,
        incomes,
        (rent, me, coHolders, guarantors) => {
          const income = { tenant: me, coHolders, guarantors };
          const verdict = rentalSolvency(tenant(rent, income));
          const holders = [me, ...coHolders].reduce<number>((a, b) => a + (b ?? 0), 0);
          const total = holders + guarantors.reduce<number>((a, b) => a + (b ?? 0), 0);
          expect(verdict.hasCoHolder).toBe(coHolders.length > 0);
          expect(verdict.hasGuarantor).toBe(guarantors.length > 0);
          if (total === 0) {
            expect(verdict).toMatchObject({ statusCode: SolvencyStatus.Pending, ratio: null });
            return;
          }
          expect(verdict.ratio).toBe(Math.round((rent / total) * 100) / 100);
          expect(verdict.ratio).toBe(effortRatio(rent, income));
          const expected =
            rent * 100 <= holders * 35
              ? SolvencyStatus.Solvent
              : rent * 100 <= total * 35
                ? SolvencyStatus.SolventWithGuarantor
                : rent * 100 <= total * 45
                  ? SolvencyStatus.Tight
                  : SolvencyStatus.Insufficient;
          expect(verdict.statusCode).toBe(expected);
        },
      ),
    );
  });
  it('is not evaluated without a rent or without any income', () => {
    expect(rentalSolvency(tenant(null, household([3000])))).toEqual({
      statusCode: SolvencyStatus.Pending,
      ratio: null,
      reasons: ['No hay un alquiler mensual con el que comparar los ingresos.'],
      hasCoHolder: false,
      hasGuarantor: false,
    });
    expect(status(0, household([3000]))).toBe(SolvencyStatus.Pending);
    expect(rentalSolvency(tenant(1000, household([])))).toEqual({
      statusCode: SolvencyStatus.Pending,
      ratio: null,
      reasons: [
        'Completa tu situación laboral (tipo de contrato y tramo de ingresos) para calcular tu solvencia.',
      ],
      hasCoHolder: false,
      hasGuarantor: false,
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
    // A guarantor's income adds to the household's: the same 358 € make it solvent with a guarantor.
    expect(verdict.withGuarantor).toMatchObject({
      statusCode: SolvencyStatus.SolventWithGuarantor,
      ratio: 0.35,
      hasGuarantor: true,
    });
    expect(verdict.withGuarantor?.reasons[0]).toBe(
      'Con un avalista que ingrese al menos 358 € netos al mes, serías solvente con avalista.',
    );
    // Already covered by a guarantor: only the co-holder scenario is new.
    const covered = tenantRentalSolvency(1000, household([900], [3000]));
    expect(covered).toMatchObject({ statusCode: SolvencyStatus.SolventWithGuarantor, withGuarantor: null });
    expect(covered.withCoHolder?.statusCode).toBe(SolvencyStatus.Solvent);
  });

  it('suggests no guarantor to a tenant who has one, and counts them (issue 23, point 8)', () => {
    const before = tenantRentalSolvency(900, household([2000]));
    expect(before).toMatchObject({ statusCode: SolvencyStatus.Tight, ratio: 0.45, hasGuarantor: false });
    expect(before.withGuarantor).not.toBeNull();
    // A guarantor just added, who does not bring the household within 35 %: the figure moves, and the
    // box is told of a co-holder only.
    const after = tenantRentalSolvency(900, household([2000], [300]));
    expect(after).toMatchObject({
      statusCode: SolvencyStatus.Tight,
      ratio: 0.39,
      hasGuarantor: true,
      withGuarantor: null,
    });
    expect(after.reasons[1]).toBe(
      `Supera el 35${nbsp}% recomendado sin pasar del 45${nbsp}%: puedes ofertar, pero un co-titular u otro avalista reforzaría tu solicitud.`,
    );
    expect(after.withCoHolder).toMatchObject({ statusCode: SolvencyStatus.Solvent });
    expect(after.withCoHolder?.reasons[0]).toBe(
      'Con un co-titular que aporte al menos 572 € netos al mes, serías solvente.',
    );
    // The salary declared with an offer stands for a tenant without a band, and says so.
    expect(tenantRentalSolvency(900, household([2000]), false).reasons.at(-1)).toBe(
      'Calculado con el salario neto que declaraste con tu oferta; aún no está verificado.',
    );
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
          if (guarantors.length > 0) expect(verdict.withGuarantor).toBeNull();
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
      hasCoHolder: false,
      hasGuarantor: false,
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
      hasCoHolder: false,
      hasGuarantor: false,
    });
    // Whom the buyer counts with shows on a sale too.
    expect(
      saleSolvency(null, 'owner', false, { tenant: null, coHolders: [1500], guarantors: [] }),
    ).toMatchObject({ hasCoHolder: true, hasGuarantor: false });
  });
});

describe('the order by solvency', () => {
  it('ranks solvent first, insufficient last and an unknown status after all', () => {
    const ranked = [
      SolvencyStatus.Insufficient,
      'OSS999',
      SolvencyStatus.Pending,
      SolvencyStatus.Solvent,
      SolvencyStatus.Tight,
      SolvencyStatus.SolventWithGuarantor,
    ].sort((a, b) => solvencyRank(a) - solvencyRank(b));
    expect(ranked).toEqual([
      SolvencyStatus.Solvent,
      SolvencyStatus.SolventWithGuarantor,
      SolvencyStatus.Tight,
      SolvencyStatus.Pending,
      SolvencyStatus.Insufficient,
      'OSS999',
    ]);
  });
});
