import { OfferPaymentType, SolvencyStatus, type SolvencyStatusCode } from '../codes';
import { formatEuros } from '../format';
import { SALARY_RANGES } from '../masters/user';
import type { SolvencyVerdict, TenantSolvency } from '../schemas/tenant';
import { solvencyTexts as t, type Audience } from './solvency-texts';

/**
 * Solvency (issue "tenant profile", point 5; master list `offerAttributes.solvencyStatuses`).
 *
 * A rental compares the monthly rent with the net monthly income of the contract's holders (the tenant and
 * the co-holders): up to 35 % is solvent, up to 45 % tight, above that insufficient. Guarantors are counted
 * apart: when the holders fall short but the guarantors' income covers the rent within 35 %, the verdict is
 * "solvent with a guarantor". A sale is judged by how the buyer pays: cash or a pre-approved mortgage.
 * It is a verdict on declared figures, never a check of them, and it says so.
 */
export const affordableRentPercent = 35;
export const tightRentPercent = 45;

/** Net monthly income a person of the profile counts with: the minimum of their salary band. */
export function incomeOfBand(salaryRangeCode: string | null | undefined): number | null {
  return SALARY_RANGES.find((range) => range.code === salaryRangeCode)?.min ?? null;
}

export interface HouseholdIncome {
  /** Net monthly incomes of the holders (tenant and co-holders), whole euros; unknown ones left out. */
  holders: readonly number[];
  /** Net monthly incomes of the guarantors. */
  guarantors: readonly number[];
}

export interface RentalQuestion {
  rent: number | null;
  income: HouseholdIncome;
  audience: Audience;
  /** Whether the incomes are salary bands of the profile (else declared with an offer). */
  fromBands: boolean;
  /** An owner who has not paid reads no figure that would reveal the candidate's amount (rent = ratio × income). */
  showFigures: boolean;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The least income at which a rent is within the affordable share. */
export const incomeNeededFor = (rent: number): number => Math.ceil((rent * 100) / affordableRentPercent);

export function rentalSolvency(question: RentalQuestion): SolvencyVerdict {
  const { rent, audience: who, showFigures } = question;
  const income = sum(question.income.holders);
  const guarantors = sum(question.income.guarantors);
  if (rent === null || rent <= 0)
    return { statusCode: SolvencyStatus.Pending, ratio: null, reasons: [t.noRent] };
  if (income <= 0 && guarantors <= 0) {
    return { statusCode: SolvencyStatus.Pending, ratio: null, reasons: [t.noIncome(who)] };
  }
  const source = question.fromBands ? t.bands : t.declared;
  // Whole numbers, so 1.050 € of 3.000 € is exactly 35 %.
  const band =
    rent * 100 <= income * affordableRentPercent
      ? 'solvent'
      : rent * 100 <= income * tightRentPercent
        ? 'tight'
        : 'insufficient';
  const covered = guarantors > 0 && rent * 100 <= guarantors * affordableRentPercent;
  const statusCode: SolvencyStatusCode =
    band === 'solvent'
      ? SolvencyStatus.Solvent
      : covered
        ? SolvencyStatus.SolventWithGuarantor
        : band === 'tight'
          ? SolvencyStatus.Tight
          : SolvencyStatus.Insufficient;
  const ratio = income > 0 ? Math.round((rent / income) * 100) / 100 : null;
  const verdict =
    band === 'solvent'
      ? t.solvent(who, affordableRentPercent)
      : band === 'tight'
        ? t.tight(who, affordableRentPercent, tightRentPercent)
        : t.insufficient(who, tightRentPercent);
  const reasons: string[] = [];
  if (income > 0) {
    if (showFigures && ratio !== null) {
      reasons.push(t.share(who, formatEuros(rent, true), ratio, formatEuros(income, true)), verdict);
    } else {
      reasons.push(t.shareWithoutFigures(band, affordableRentPercent));
    }
  }
  if (covered && band !== 'solvent') reasons.push(t.withGuarantor(who));
  reasons.push(source);
  return { statusCode, ratio: showFigures ? ratio : null, reasons };
}

/**
 * The tenant's verdict on a rental before offering, and how it would read with a co-holder bringing the
 * income that is missing, or with a guarantor earning enough to cover the rent on their own.
 */
export function tenantRentalSolvency(rent: number | null, income: HouseholdIncome): TenantSolvency {
  const question = { rent, income, audience: 'tenant', fromBands: true, showFigures: true } as const;
  const verdict = rentalSolvency(question);
  const solvent = verdict.statusCode === SolvencyStatus.Solvent;
  // Not evaluated (no rent, or no income yet): what a co-holder or guarantor would need is unknown.
  const evaluated = verdict.statusCode !== SolvencyStatus.Pending;
  if (solvent || !evaluated || rent === null || rent <= 0)
    return { ...verdict, withGuarantor: null, withCoHolder: null };
  const needed = incomeNeededFor(rent);
  const missing = needed - sum(income.holders);
  const withCoHolder = rentalSolvency({
    ...question,
    income: { ...income, holders: [...income.holders, missing] },
  });
  const withGuarantor =
    verdict.statusCode === SolvencyStatus.SolventWithGuarantor
      ? null
      : rentalSolvency({ ...question, income: { ...income, guarantors: [...income.guarantors, needed] } });
  return {
    ...verdict,
    withCoHolder: { ...withCoHolder, reasons: [t.ifCoHolder(formatEuros(missing)), ...withCoHolder.reasons] },
    withGuarantor: withGuarantor && {
      ...withGuarantor,
      reasons: [t.ifGuarantor(formatEuros(needed)), ...withGuarantor.reasons],
    },
  };
}

export interface SaleTerms {
  paymentType: string;
  mortgageAmount: number | null;
  mortgagePreApproved: boolean | null;
}

/** A sale: cash is solvent, a pre-approved mortgage too, a mortgage still to approve is tight. */
export function saleSolvency(
  terms: SaleTerms | null,
  audience: Audience,
  showFigures: boolean,
): SolvencyVerdict {
  if (terms === null)
    return { statusCode: SolvencyStatus.Pending, ratio: null, reasons: [t.saleUnknown(audience)] };
  if (terms.paymentType !== OfferPaymentType.Mortgage) {
    return { statusCode: SolvencyStatus.Solvent, ratio: null, reasons: [t.saleCash] };
  }
  const mortgage =
    showFigures && terms.mortgageAmount !== null ? formatEuros(terms.mortgageAmount) : t.hiddenAmount;
  return terms.mortgagePreApproved
    ? { statusCode: SolvencyStatus.Solvent, ratio: null, reasons: [t.saleMortgageApproved(mortgage)] }
    : { statusCode: SolvencyStatus.Tight, ratio: null, reasons: [t.saleMortgagePending(mortgage)] };
}
