import { AnnouncementStatus, isSale, OfferPaymentType, OfferStatus } from '../codes';
import type { AnnouncementKind } from '../announcement-kind';
import type { ErrorCode } from '../errors';
import {
  mortgageIssue,
  offerAmountIssue,
  offerBounds,
  referencePrice,
  salaryBounds,
  type OfferBounds,
} from './offer-amount';
import { isValidSpanishId, spanishIdTakenBy } from './spanish-id';
import { takesVisitRequests } from './offer-type';
import type { ArrasTerms } from './arras';

/**
 * Every rule an offer must meet before it is stored (SPEC 4.2, 5.1-5.3), one definition for the offer
 * dialog (which disables its button and shows the message) and the API (which answers the code).
 */

/** What the rules need to know of the announcement. */
export interface OfferTarget {
  typeCode: string;
  offerTypeCode: string;
  statusCode: string;
  price: number | null;
  highestOffer: number | null;
  /** The arras a sale states (rules/arras.ts, issue 23): its offers must accept them. */
  arras?: ArrasTerms | null;
}

/** What the candidate sends (SPEC 3 "Offer"). Numbers may be anything the person typed. */
export interface OfferDraft {
  amount: number;
  offerPaymentType: string;
  reasonPurchaseCode?: string | null;
  mortgageAmount?: number | null;
  nif?: string | null;
  typeContractCode?: string | null;
  salary?: number | null;
  /** A sale offer's answer to the arras the announcement states (issue 23). */
  acceptsArras?: boolean | null;
}

export interface OfferContext {
  /** Whether the candidate's profile already holds what this kind of offer needs (SPEC 5.3). */
  profileComplete: boolean;
  /** Identifiers of the candidate's co-holders and guarantors (the profile's), compared to `nif`. */
  household: { coHolders: readonly string[]; guarantors: readonly string[] };
}

export interface OfferIssue {
  code: ErrorCode;
  field: keyof OfferDraft;
}

/** Announcements that take offers now: published and validated (SPEC 4.1 AST001). */
export const isOpenForOffers = (statusCode: string): boolean => statusCode === AnnouncementStatus.Validated;

export { takesVisitRequests };

/** Statuses of an offer that still count as the candidate's current one (one per announcement). */
export const activeOfferStatuses = [OfferStatus.Sent, OfferStatus.Selected] as const;
export const isActiveOffer = (statusCode: string): boolean =>
  (activeOfferStatuses as readonly string[]).includes(statusCode);

/** The bounds of a price offer on this announcement, or null for a visit request or a missing price. */
export function boundsFor(target: OfferTarget): OfferBounds | null {
  if (takesVisitRequests(target.offerTypeCode) || target.price === null) return null;
  return offerBounds(referencePrice(target.price, target.highestOffer));
}

/** The kind an offer is judged by: a sale, else a rental (SPEC 4.1). */
export const offerKind = (target: Pick<OfferTarget, 'typeCode'>): Exclude<AnnouncementKind, 'room'> =>
  isSale(target.typeCode) ? 'sale' : 'rental';

/** The employment section shows (and is required) only when the profile lacks it (SPEC 5.3). */
export const needsEmployment = (context: Pick<OfferContext, 'profileComplete'>): boolean =>
  !context.profileComplete;

/** What is wrong with the amount alone: a visit request is 0, a price offer within the bounds. */
export function amountIssue(target: OfferTarget, amount: number): OfferIssue | null {
  if (takesVisitRequests(target.offerTypeCode))
    return amount === 0 ? null : { code: 'VISIT_AMOUNT_NOT_ZERO', field: 'amount' };
  const bounds = boundsFor(target);
  if (bounds === null) return { code: 'ANNOUNCEMENT_NOT_OPEN', field: 'amount' };
  const issue = offerAmountIssue(amount, bounds);
  return issue ? { code: issue, field: 'amount' } : null;
}

/** The first rule `draft` breaks, or null when it may be sent. Field order follows the dialog. */
export function offerIssue(target: OfferTarget, draft: OfferDraft, context: OfferContext): OfferIssue | null {
  const sale = offerKind(target) === 'sale';
  const amount = amountIssue(target, draft.amount);
  if (amount) return amount;
  if (sale && !takesVisitRequests(target.offerTypeCode)) {
    const sale = saleIssue(draft);
    if (sale) return sale;
    if (target.arras && draft.acceptsArras !== true) {
      return { code: 'ARRAS_NOT_ACCEPTED', field: 'acceptsArras' };
    }
  }
  return employmentIssue(draft, sale, context);
}

function saleIssue(draft: OfferDraft): OfferIssue | null {
  const paymentType = draft.offerPaymentType === OfferPaymentType.Mortgage ? 'OPT001' : 'OPT000';
  const mortgageAmount = draft.mortgageAmount ?? null;
  if (mortgageAmount !== null && !Number.isInteger(mortgageAmount) && paymentType === 'OPT001')
    return { code: 'MORTGAGE_NOT_WHOLE_EUROS', field: 'mortgageAmount' };
  const mortgage = mortgageIssue({
    paymentType,
    mortgageAmount,
    offerAmount: draft.amount,
  });
  if (mortgage) return { code: mortgage, field: 'mortgageAmount' };
  if (!draft.reasonPurchaseCode) return { code: 'REASON_PURCHASE_REQUIRED', field: 'reasonPurchaseCode' };
  return null;
}

/**
 * The employment section: required while the profile lacks it; with a complete profile it may be left
 * out, but what is sent is still checked (it is stored with the offer).
 */
function employmentIssue(draft: OfferDraft, sale: boolean, context: OfferContext): OfferIssue | null {
  const required = needsEmployment(context);
  if (!sale) {
    const nif = draft.nif?.trim() ?? '';
    if (!nif && required) return { code: 'NIF_REQUIRED', field: 'nif' };
    if (nif && !isValidSpanishId(nif)) return { code: 'NIF_INVALID', field: 'nif' };
    const taken = nif ? spanishIdTakenBy(nif, context.household) : null;
    if (taken) return { code: taken, field: 'nif' };
  }
  if (!draft.typeContractCode && required)
    return { code: 'CONTRACT_TYPE_REQUIRED', field: 'typeContractCode' };
  if (!sale) {
    const salary = draft.salary ?? null;
    if (salary === null && required) return { code: 'SALARY_REQUIRED', field: 'salary' };
    if (
      salary !== null &&
      (!Number.isFinite(salary) || salary < salaryBounds.min || salary > salaryBounds.max)
    )
      return { code: 'SALARY_OUT_OF_RANGE', field: 'salary' };
  }
  return null;
}
