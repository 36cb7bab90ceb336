import { isSale } from '../codes';
import type { OfferSolvency } from '../schemas/offers';
import { noHousehold, rentalSolvency, saleSolvency, type HouseholdIncome, type SaleTerms } from './solvency';

export { affordableRentPercent } from './solvency';

/**
 * The solvency verdict the owner reads on each offer (rules/solvency.ts, audience 'owner': the rule the
 * tenant's box reads too). A rental is judged by the candidate's household (tenant, co-holders and
 * guarantors, each at their band's minimum; the tenant at the salary declared with the offer when their
 * band is unknown); a sale by its payment conditions.
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
  /** The candidate's profile: its people and their bands' incomes. */
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

/**
 * The household an offer is judged on: the profile's, the tenant's own income being their band's
 * minimum, else the salary declared with the offer (`fromBands` false then).
 */
export function offerHousehold(
  household: HouseholdIncome | null | undefined,
  salary: number | null,
): { income: HouseholdIncome; fromBands: boolean } {
  const profile = household ?? noHousehold;
  if (profile.tenant !== null || salary === null || salary <= 0) return { income: profile, fromBands: true };
  return { income: { ...profile, tenant: salary }, fromBands: false };
}

export function offerSolvency(facts: SolvencyFacts, options: SolvencyOptions): OfferSolvency {
  const { income, fromBands } = offerHousehold(facts.household, facts.salary);
  if (isSale(facts.typeCode)) return saleSolvency(facts.sale ?? null, 'owner', options.showFigures, income);
  const rent = facts.isVisitRequest ? facts.price : facts.amount;
  return rentalSolvency({ rent, income, audience: 'owner', fromBands, showFigures: options.showFigures });
}
