import { isSale, SolvencyStatus } from '../codes';
import { solvencyTexts as t } from './offer-solvency-texts';
import { formatEuros } from '../format';
import type { OfferSolvency } from '../schemas/offers';

/**
 * The solvency preview the owner reads on each offer (master list `offerAttributes.solvencyStatuses`):
 * for a rental, the monthly rent against the net monthly salary the candidate declared with the offer.
 * It is a preview, not a check: the salary is declared, not verified, and a sale depends on its
 * financing, so sales and offers without a salary stay 'Pendiente de verificar'.
 */
/** The share of the net income a rent may take and still count as affordable (35 %). */
export const affordableRentPercent = 35;

export interface SolvencyFacts {
  /** The announcement's type (a sale, else a rental: SPEC 4.1). */
  typeCode: string;
  isVisitRequest: boolean;
  /** The offer's monthly amount (0 on a visit request, which is judged by the price). */
  amount: number;
  price: number | null;
  /** Declared net monthly salary, whole euros. */
  salary: number | null;
  /** The candidate's profile has a guarantor (tenant profile issue; false until it lands). */
  hasGuarantor?: boolean;
}

export interface SolvencyOptions {
  /**
   * Whether the reasons and the ratio may show figures. An owner who has not paid reads no candidate's
   * amount, and rent = ratio × salary would tell it, so a locked offer gets the verdict without them.
   */
  showFigures: boolean;
}

export function offerSolvency(facts: SolvencyFacts, options: SolvencyOptions): OfferSolvency {
  if (isSale(facts.typeCode)) {
    return {
      statusCode: SolvencyStatus.Pending,
      ratio: null,
      reasons: [t.sale],
    };
  }
  const rent = facts.isVisitRequest ? facts.price : facts.amount;
  if (facts.salary === null || facts.salary <= 0) {
    return {
      statusCode: SolvencyStatus.Pending,
      ratio: null,
      reasons: [t.noSalary],
    };
  }
  if (rent === null || rent <= 0) {
    return {
      statusCode: SolvencyStatus.Pending,
      ratio: null,
      reasons: [t.noRent],
    };
  }
  const ratio = Math.round((rent / facts.salary) * 100) / 100;
  // Whole numbers, so 1.050 € of 3.000 € is exactly 35 %.
  const affordable = rent * 100 <= facts.salary * affordableRentPercent;
  const statusCode = affordable
    ? SolvencyStatus.Solvent
    : facts.hasGuarantor
      ? SolvencyStatus.SolventWithGuarantor
      : SolvencyStatus.Insufficient;
  const share = options.showFigures
    ? t.share(formatEuros(rent, true), ratio, formatEuros(facts.salary, true))
    : t.shareWithoutFigures(affordable, affordableRentPercent);
  const verdict = affordable
    ? t.affordable(affordableRentPercent)
    : facts.hasGuarantor
      ? t.withGuarantor(affordableRentPercent)
      : t.insufficient(affordableRentPercent);
  return {
    statusCode,
    ratio: options.showFigures ? ratio : null,
    reasons: options.showFigures ? [share, verdict, t.declared] : [share, t.declared],
  };
}
