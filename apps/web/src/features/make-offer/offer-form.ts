import { OfferPaymentType, type OfferPaymentTypeCode } from '@casaoferta/domain/codes';
import { initialOfferAmount, mortgageOverOffer, salaryToSend } from '@casaoferta/domain/rules/offer-amount';
import {
  amountIssue,
  needsEmployment,
  offerIssue,
  offerKind,
  takesVisitRequests,
  type OfferDraft,
  type OfferIssue,
  type OfferTarget,
} from '@casaoferta/domain/rules/offer-rules';
import type { MyOffer, OfferInput, OfferManagement } from '@casaoferta/domain/schemas/offers';

/**
 * What the offer dialog holds and how it becomes a request. Every rule comes from the domain
 * (`offerIssue`, the same check the API makes): nothing here decides whether an offer is valid.
 */

/** The announcement the dialog is about: what the rules need plus what the summary box shows. */
export interface OfferSubject extends OfferTarget {
  announcementId: string;
  title: string;
  /** "Municipality (Province)", or the address. */
  place: string;
}

/** The dialog's fields as typed; kept as the draft in session storage while the visitor logs in. */
export interface OfferFormValues {
  /** Client-generated offer id: reused on every retry, or my current offer's id when editing. */
  id: string;
  /** Whole euros, null while empty or while the text is not a price (`amountUnreadable`). */
  amount: number | null;
  amountUnreadable: boolean;
  offerPaymentType: OfferPaymentTypeCode;
  mortgageAmount: number | null;
  mortgageUnreadable: boolean;
  mortgagePreApproved: boolean;
  /** The buyer accepts the arras the sale states (issue 23 point 13). */
  acceptsArras: boolean;
  reasonPurchaseCode: string;
  description: string;
  nif: string;
  typeContractCode: string;
  /** As typed: a net salary may have cents ("1.850,50"); it is sent rounded down. */
  salary: string;
  /** The employment section is also saved to the tenant profile (issue 23 point 9; the tick is the consent). */
  saveToProfile: boolean;
}

export const isVisitRequest = (subject: OfferTarget) => takesVisitRequests(subject.offerTypeCode);
export const isSaleOffer = (subject: OfferTarget) =>
  offerKind(subject) === 'sale' && !isVisitRequest(subject);

/** Where the dialog starts: my current offer's terms, else the highest offer, else the price (SPEC 5.1). */
export function initialValues(
  subject: OfferSubject,
  own: MyOffer | null,
  newOfferId: string,
): OfferFormValues {
  const amount = isVisitRequest(subject)
    ? 0
    : subject.price === null
      ? null
      : initialOfferAmount(own?.amount ?? null, subject.highestOffer, subject.price);
  return {
    id: own?.id ?? newOfferId,
    amount,
    amountUnreadable: false,
    offerPaymentType: own?.offerPaymentType ?? OfferPaymentType.Cash,
    mortgageAmount: own?.mortgageAmount ?? null,
    mortgageUnreadable: false,
    mortgagePreApproved: own?.mortgagePreApproved ?? false,
    // A current offer on the sale was only sent with the arras accepted.
    acceptsArras: own !== null && !own.isVisitRequest,
    reasonPurchaseCode: own?.reasonPurchaseCode ?? '',
    description: own?.description ?? '',
    nif: '',
    typeContractCode: own?.typeContractCode ?? '',
    salary: own?.salary === null || own?.salary === undefined ? '' : String(own.salary),
    saveToProfile: false,
  };
}

/**
 * A net salary written the Spanish way ("1.850,50", "1850", "1.850"); NaN when it is not a number,
 * null when empty. The domain's rule then judges it (300–10.000 €).
 */
export function parseSalary(text: string): number | null {
  const compact = text.replace(/[\s€]/g, '');
  if (!compact) return null;
  const normalized = compact.includes(',')
    ? compact.replaceAll('.', '').replace(',', '.')
    : /^\d{1,3}(\.\d{3})+$/.test(compact)
      ? compact.replaceAll('.', '')
      : compact;
  return /^\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : Number.NaN;
}

/** The amount the rules judge: 0 for a visit request; NaN while the field holds no price. */
const amountOf = (subject: OfferSubject, values: OfferFormValues) =>
  isVisitRequest(subject) ? 0 : (values.amount ?? Number.NaN);

/** The offer as the domain's rules read it. */
export function toDraft(subject: OfferSubject, values: OfferFormValues): OfferDraft {
  const mortgage = values.offerPaymentType === OfferPaymentType.Mortgage;
  return {
    amount: amountOf(subject, values),
    offerPaymentType: values.offerPaymentType,
    reasonPurchaseCode: values.reasonPurchaseCode || null,
    mortgageAmount: !mortgage ? null : values.mortgageUnreadable ? Number.NaN : values.mortgageAmount,
    nif: values.nif,
    typeContractCode: values.typeContractCode || null,
    salary: parseSalary(values.salary),
    acceptsArras: values.acceptsArras,
  };
}

/** The price step's issue: only the amount (SPEC 5.1). Null also while the field is empty. */
export function priceIssue(subject: OfferSubject, values: OfferFormValues): OfferIssue | null {
  if (values.amount === null) return null;
  return amountIssue(subject, amountOf(subject, values));
}

/** The price step may go on: a readable amount within the bounds. */
export const priceReady = (subject: OfferSubject, values: OfferFormValues): boolean =>
  isVisitRequest(subject) ||
  (values.amount !== null && !values.amountUnreadable && priceIssue(subject, values) === null);

/**
 * The mortgage field's issue while the person types (issue 23): a mortgage above the offer is told at
 * once, making or editing alike (the domain's `mortgageOverOffer`, the rule the API checks on send). The
 * other mortgage rules (required, not negative, whole euros) wait for Siguiente, as every field's do.
 */
export function mortgageTypingIssue(subject: OfferSubject, values: OfferFormValues): OfferIssue | null {
  if (!isSaleOffer(subject) || values.offerPaymentType !== OfferPaymentType.Mortgage) return null;
  if (values.mortgageAmount === null || values.mortgageUnreadable) return null;
  return mortgageOverOffer(values.mortgageAmount, amountOf(subject, values))
    ? { code: 'MORTGAGE_OVER_OFFER', field: 'mortgageAmount' }
    : null;
}

export interface ProfileState {
  /** Editing my current offer (the confirmation says so). */
  editing: boolean;
  /** The profile already holds what this kind of offer needs: no employment section. */
  profileComplete: boolean;
}

/** Whether the profile is complete for this kind of offer, as the pending-offer call says (SPEC 5.3). */
export const profileCompleteFor = (subject: OfferSubject, management: OfferManagement): boolean =>
  offerKind(subject) === 'sale'
    ? management.actions.hasProfileCompletedToSaleOffer
    : management.actions.hasTenantProfileCompletedToOffer;

/** The first rule the whole offer breaks (SPEC 4.2, 5.1-5.3), or null when it may be sent. */
export function fullIssue(subject: OfferSubject, values: OfferFormValues, state: ProfileState) {
  return offerIssue(subject, toDraft(subject, values), {
    profileComplete: state.profileComplete,
    // The dialog does not hold the profile's co-holders and guarantors: the API compares the identifier
    // with theirs (NIF_USED_BY_COTITULAR / NIF_USED_BY_GUARANTOR) and the dialog shows its answer.
    household: { coHolders: [], guarantors: [] },
  });
}

/** POST /api/announcement/{id}/offers body: only the sections this offer has. */
export function offerBody(subject: OfferSubject, values: OfferFormValues, state: ProfileState): OfferInput {
  const sale = isSaleOffer(subject);
  const rental = offerKind(subject) === 'rental';
  const mortgage = sale && values.offerPaymentType === OfferPaymentType.Mortgage;
  const body: OfferInput = {
    id: values.id,
    amount: amountOf(subject, values),
    offerPaymentType: sale ? values.offerPaymentType : OfferPaymentType.Cash,
  };
  if (sale) {
    body.reasonPurchaseCode = values.reasonPurchaseCode;
    body.mortgageAmount = mortgage ? values.mortgageAmount : null;
    body.mortgagePreApproved = mortgage && values.mortgagePreApproved;
    const note = values.description.trim();
    if (note) body.description = note;
    if (subject.arras) body.acceptsArras = values.acceptsArras;
  }
  if (needsEmployment(state)) {
    body.typeContractCode = values.typeContractCode;
    if (rental) {
      body.nif = values.nif.trim().toUpperCase();
      body.salary = salaryToSend(parseSalary(values.salary) ?? Number.NaN) ?? Number.NaN;
    }
    // Only a tick is sent (issue 23 point 9): without it the profile is never written.
    if (values.saveToProfile) body.saveToProfile = true;
  }
  return body;
}
