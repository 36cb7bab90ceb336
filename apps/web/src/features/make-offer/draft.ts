import { OfferPaymentType } from '@casaoferta/domain/codes';
import { parseJsonObject } from '../../shared/json-object';
import type { OfferFormValues } from './offer-form';

/**
 * What a visitor typed in the offer dialog, kept in session storage while they log in (this tab only),
 * one draft per announcement. The login comes back with ?afterAction=make-offer:<announcementId>.
 */
const draftKey = (announcementId: string) => `casaoferta.offer-draft.${announcementId}`;

/**
 * The afterAction of the offer dialog (features/auth/redirect.ts reads 'name:argument'); a visit
 * request has its own name, so the login can say what it is for (issue 23 point 14). Both reopen the
 * dialog of the announcement.
 */
export const makeOfferActionName = 'make-offer';
export const requestVisitActionName = 'request-visit';
export const offerActionNames: readonly string[] = [makeOfferActionName, requestVisitActionName];
export const makeOfferAction = (announcementId: string, visit = false) =>
  `${visit ? requestVisitActionName : makeOfferActionName}:${announcementId}`;

export function saveOfferDraft(announcementId: string, values: OfferFormValues): void {
  try {
    sessionStorage.setItem(draftKey(announcementId), JSON.stringify(values));
  } catch {
    // Storage full or refused: the dialog then opens with its initial amount.
  }
}

const isNumberOrNull = (value: unknown): value is number | null =>
  value === null || (typeof value === 'number' && Number.isFinite(value));

/** The stored draft, read once and removed; anything malformed reads as none. */
export function takeOfferDraft(announcementId: string): OfferFormValues | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(draftKey(announcementId));
    sessionStorage.removeItem(draftKey(announcementId));
  } catch {
    return null;
  }
  const v = raw ? parseJsonObject(raw) : null;
  if (!v) return null;
  const strings = ['id', 'reasonPurchaseCode', 'description', 'nif', 'typeContractCode', 'salary'] as const;
  if (strings.some((key) => typeof v[key] !== 'string')) return null;
  if (!isNumberOrNull(v.amount) || !isNumberOrNull(v.mortgageAmount)) return null;
  const paymentType =
    v.offerPaymentType === OfferPaymentType.Mortgage ? OfferPaymentType.Mortgage : OfferPaymentType.Cash;
  return {
    id: String(v.id),
    amount: v.amount,
    amountUnreadable: false,
    offerPaymentType: paymentType,
    mortgageAmount: v.mortgageAmount,
    mortgageUnreadable: false,
    mortgagePreApproved: v.mortgagePreApproved === true,
    acceptsArras: v.acceptsArras === true,
    reasonPurchaseCode: String(v.reasonPurchaseCode),
    description: String(v.description),
    nif: String(v.nif),
    typeContractCode: String(v.typeContractCode),
    salary: String(v.salary),
    saveToProfile: v.saveToProfile === true,
  };
}

export function clearOfferDraft(announcementId: string): void {
  try {
    sessionStorage.removeItem(draftKey(announcementId));
  } catch {
    // Nothing stored, nothing to clear.
  }
}
