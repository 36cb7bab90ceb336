import { OfferPaymentType, SolvencyStatus, type SolvencyStatusCode } from '../codes';
import { formatEuros } from '../format';
import { SALARY_RANGES } from '../masters/user';
import type { SolvencyVerdict, TenantSolvency } from '../schemas/tenant';
import { solvencyTexts as t, type Audience } from './solvency-texts';

/**
 * Solvency (issue "tenant profile", point 5; issue 23, point 8; master list
 * `offerAttributes.solvencyStatuses`): one rule for the tenant's box, the owner's offers and the agents'
 * reports.
 *
 * A rental compares the monthly rent with the household's net monthly income: the tenant's, the
 * co-holders' and the guarantors'. The effort ratio is rent / that income (two decimals). The contract's
 * holders (tenant and co-holders) within 35 % are solvent; when it takes the guarantors' income to be
 * within 35 %, "solvent with a guarantor"; up to 45 % of the household's income tight, above that
 * insufficient. A sale is judged by how the buyer pays: cash or a pre-approved mortgage.
 * It is a verdict on declared figures, never a check of them, and it says so.
 */
export const affordableRentPercent = 35;
export const tightRentPercent = 45;

/** Net monthly income a person of the profile counts with: the minimum of their salary band. */
export function incomeOfBand(salaryRangeCode: string | null | undefined): number | null {
  return SALARY_RANGES.find((range) => range.code === salaryRangeCode)?.min ?? null;
}

/** The household's people and their net monthly incomes in whole euros (null: not known). */
export interface HouseholdIncome {
  /** The tenant's own (their band's minimum, or the salary declared with an offer). */
  tenant: number | null;
  /** One entry per co-holder. */
  coHolders: readonly (number | null)[];
  /** One entry per guarantor. */
  guarantors: readonly (number | null)[];
}

/** A household of nobody known. */
export const noHousehold: HouseholdIncome = { tenant: null, coHolders: [], guarantors: [] };

/** What the verdicts are worked out from, once, for every place that judges or shows a household. */
export interface HouseholdTotals {
  /** The contract's holders: the tenant and the co-holders. */
  holders: number;
  guarantors: number;
  /** Everybody's: what the effort ratio is of. */
  total: number;
  hasCoHolder: boolean;
  hasGuarantor: boolean;
}

const sum = (values: readonly (number | null)[]) =>
  values.reduce<number>((total, value) => total + (value !== null && value > 0 ? value : 0), 0);

export function householdTotals(income: HouseholdIncome): HouseholdTotals {
  const holders = sum([income.tenant, ...income.coHolders]);
  const guarantors = sum(income.guarantors);
  return {
    holders,
    guarantors,
    total: holders + guarantors,
    hasCoHolder: income.coHolders.length > 0,
    hasGuarantor: income.guarantors.length > 0,
  };
}

/** The effort ratio: the rent over the household's income, two decimals (0.35 = 35 %); null if either is missing. */
export function effortRatio(rent: number | null, income: HouseholdIncome): number | null {
  const { total } = householdTotals(income);
  if (rent === null || rent <= 0 || total <= 0) return null;
  return Math.round((rent / total) * 100) / 100;
}

export interface RentalQuestion {
  rent: number | null;
  income: HouseholdIncome;
  audience: Audience;
  /** Whether the incomes are salary bands of the profile (else the tenant's was declared with an offer). */
  fromBands: boolean;
  /** An owner who has not paid reads no figure that would reveal the candidate's amount (rent = ratio × income). */
  showFigures: boolean;
}

/** The least income at which a rent is within the affordable share. */
export const incomeNeededFor = (rent: number): number => Math.ceil((rent * 100) / affordableRentPercent);

/** Whether `rent` is within `percent` of `income`, in whole numbers: 1.050 € of 3.000 € is exactly 35 %. */
const within = (rent: number, income: number, percent: number) => rent * 100 <= income * percent;

export function rentalSolvency(question: RentalQuestion): SolvencyVerdict {
  const { rent, audience: who, showFigures } = question;
  const household = householdTotals(question.income);
  const members = { hasCoHolder: household.hasCoHolder, hasGuarantor: household.hasGuarantor };
  if (rent === null || rent <= 0)
    return { statusCode: SolvencyStatus.Pending, ratio: null, reasons: [t.noRent], ...members };
  if (household.total <= 0) {
    return { statusCode: SolvencyStatus.Pending, ratio: null, reasons: [t.noIncome(who)], ...members };
  }
  const level = within(rent, household.total, affordableRentPercent)
    ? 'solvent'
    : within(rent, household.total, tightRentPercent)
      ? 'tight'
      : 'insufficient';
  // Solvent on the holders' income alone, or only once the guarantors' is counted.
  const holdersSolvent = within(rent, household.holders, affordableRentPercent);
  const byGuarantors = !holdersSolvent && level === 'solvent';
  const statusCode: SolvencyStatusCode = holdersSolvent
    ? SolvencyStatus.Solvent
    : byGuarantors
      ? SolvencyStatus.SolventWithGuarantor
      : level === 'tight'
        ? SolvencyStatus.Tight
        : SolvencyStatus.Insufficient;
  const ratio = effortRatio(rent, question.income);
  // The guarantors whose income the figure counts (one whose band is unknown adds nothing).
  const counted = question.income.guarantors.filter((value) => value !== null && value > 0).length;
  const verdict =
    level === 'solvent'
      ? t.solvent(who, affordableRentPercent)
      : level === 'tight'
        ? t.tight(who, affordableRentPercent, tightRentPercent, household.hasGuarantor)
        : t.insufficient(who, tightRentPercent, household.hasGuarantor);
  const reasons: string[] =
    showFigures && ratio !== null
      ? [t.share(who, formatEuros(rent, true), ratio, formatEuros(household.total, true), counted), verdict]
      : [t.shareWithoutFigures(level === 'solvent', affordableRentPercent, counted)];
  if (byGuarantors) reasons.push(t.withGuarantor(who));
  reasons.push(question.fromBands ? t.bands : t.declared(who));
  return { statusCode, ratio: showFigures ? ratio : null, reasons, ...members };
}

/**
 * The tenant's verdict on a rental before offering, and how it would read with a co-holder bringing the
 * income that is missing, or (for a tenant who has none yet) with a guarantor bringing it.
 */
export function tenantRentalSolvency(
  rent: number | null,
  income: HouseholdIncome,
  fromBands = true,
): TenantSolvency {
  const question = { rent, income, audience: 'tenant', fromBands, showFigures: true } as const;
  const verdict = rentalSolvency(question);
  const solvent = verdict.statusCode === SolvencyStatus.Solvent;
  // Not evaluated (no rent, or no income yet): what a co-holder or guarantor would need is unknown.
  const evaluated = verdict.statusCode !== SolvencyStatus.Pending;
  if (solvent || !evaluated || rent === null || rent <= 0)
    return { ...verdict, withGuarantor: null, withCoHolder: null };
  const household = householdTotals(income);
  const needed = incomeNeededFor(rent);
  // A co-holder makes the holders solvent on their own; a guarantor's income adds to the household's.
  const forCoHolder = needed - household.holders;
  const forGuarantor = needed - household.total;
  const withCoHolder = rentalSolvency({
    ...question,
    income: { ...income, coHolders: [...income.coHolders, forCoHolder] },
  });
  // A tenant who has a guarantor is not told to add one (the verdict already counts them).
  const withGuarantor =
    household.hasGuarantor || forGuarantor <= 0
      ? null
      : rentalSolvency({
          ...question,
          income: { ...income, guarantors: [...income.guarantors, forGuarantor] },
        });
  return {
    ...verdict,
    withCoHolder: {
      ...withCoHolder,
      reasons: [t.ifCoHolder(formatEuros(forCoHolder)), ...withCoHolder.reasons],
    },
    withGuarantor: withGuarantor && {
      ...withGuarantor,
      reasons: [t.ifGuarantor(formatEuros(forGuarantor)), ...withGuarantor.reasons],
    },
  };
}

export interface SaleTerms {
  paymentType: string;
  mortgageAmount: number | null;
  mortgagePreApproved: boolean | null;
}

/**
 * A sale: cash is solvent, a pre-approved mortgage too, a mortgage still to approve is tight. The
 * household (`income`) only tells who the buyer counts with.
 */
export function saleSolvency(
  terms: SaleTerms | null,
  audience: Audience,
  showFigures: boolean,
  income: HouseholdIncome = noHousehold,
): SolvencyVerdict {
  const { hasCoHolder, hasGuarantor } = householdTotals(income);
  const verdict = (statusCode: SolvencyStatusCode, reason: string): SolvencyVerdict => ({
    statusCode,
    ratio: null,
    reasons: [reason],
    hasCoHolder,
    hasGuarantor,
  });
  if (terms === null) return verdict(SolvencyStatus.Pending, t.saleUnknown(audience));
  if (terms.paymentType !== OfferPaymentType.Mortgage) return verdict(SolvencyStatus.Solvent, t.saleCash);
  const mortgage =
    showFigures && terms.mortgageAmount !== null ? formatEuros(terms.mortgageAmount) : t.hiddenAmount;
  return terms.mortgagePreApproved
    ? verdict(SolvencyStatus.Solvent, t.saleMortgageApproved(mortgage))
    : verdict(SolvencyStatus.Tight, t.saleMortgagePending(mortgage));
}

const solvencyOrder: readonly SolvencyStatusCode[] = [
  SolvencyStatus.Solvent,
  SolvencyStatus.SolventWithGuarantor,
  SolvencyStatus.Tight,
  SolvencyStatus.Pending,
  SolvencyStatus.Insufficient,
];

/**
 * A solvency status's place from the most to the least reassuring (0 = solvent): the owner's "by
 * solvency" order (then the lowest share of income, then the newest); an unknown status ranks after all.
 */
export function solvencyRank(statusCode: string): number {
  const rank = (solvencyOrder as readonly string[]).indexOf(statusCode);
  return rank < 0 ? solvencyOrder.length : rank;
}
