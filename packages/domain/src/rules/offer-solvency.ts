import { isSale } from '../codes';
import type { OfferSolvency } from '../schemas/offers';
import { rentalSolvency, saleSolvency, type HouseholdIncome, type SaleTerms } from './solvency';

export { affordableRentPercent } from './solvency';

/**
 * The solvency verdict the owner reads on each offer (rules/solvency.ts, audience 'owner'). A rental is
 * judged by the candidate's profile (holders' salary bands, guarantors apart) when it has incomes, else by
 * the salary declared with the offer; a sale by its payment conditions.
 */
export interface SolvencyFacts {
  /** The announcement's type (a sale, else a rental: SPEC 4.1). */
  typeCode: string;
  isVisitRequest: boolean;
  /** The offer's monthly amount (0 on a visit request, which is judged by the price). */
  amount: number;
  price: number | null;
  /** Net monthly salary declared with the offer (employment section), whole euros. */
  salary: number | null;
  /** Incomes of the candidate's profile, when it has any. */
  household?: HouseholdIncome | null;
  /** A sale offer's payment conditions (null for a visit request). */
  sale?: SaleTerms | null;
}

export interface SolvencyOptions {
  /**
   * Whether the reasons and the ratio may show figures. An owner who has not paid reads no candidate's
   * amount, and rent = ratio × income would tell it, so a locked offer gets the verdict without them.
   */
  showFigures: boolean;
}

export function offerSolvency(facts: SolvencyFacts, options: SolvencyOptions): OfferSolvency {
  if (isSale(facts.typeCode)) return saleSolvency(facts.sale ?? null, 'owner', options.showFigures);
  const rent = facts.isVisitRequest ? facts.price : facts.amount;
  const household = facts.household ?? { holders: [], guarantors: [] };
  const fromBands = household.holders.length > 0;
  const income: HouseholdIncome = fromBands
    ? household
    : {
        holders: facts.salary !== null && facts.salary > 0 ? [facts.salary] : [],
        guarantors: household.guarantors,
      };
  return rentalSolvency({ rent, income, audience: 'owner', fromBands, showFigures: options.showFigures });
}
