/**
 * Every status and type code of the marketplace (SPEC 4.1, completed by ARCHITECTURE 5).
 * The codes are the wire values; the Spanish labels live in master data (masters.ts).
 * Each const object works with zod 4 directly: `z.enum(AnnouncementStatus)`.
 */

type ValueOf<T> = T[keyof T];

/** Announcement lifecycle. */
export const AnnouncementStatus = {
  /** Being written by the owner, not visible. */
  Draft: 'AST000',
  /** Approved by an agent and published (SPEC: "agent validate approved"). */
  Validated: 'AST001',
  /** Waiting for an agent to validate it. */
  PendingValidation: 'AST002',
  /** No more offers accepted; the owner is choosing. */
  BiddingClosed: 'AST003',
  /** A tenant or buyer has been selected. */
  TenantSelected: 'AST004',
  /** Withdrawn by the owner. */
  Withdrawn: 'AST005',
  /** Publication period over, or the owner was blocked. */
  Ended: 'AST006',
  /** Rejected by an agent (SPEC: "agent validate rejected"). */
  Rejected: 'AST007',
  /** Rented or sold: the contract is signed. */
  Closed: 'AST008',
} as const;
export type AnnouncementStatusCode = ValueOf<typeof AnnouncementStatus>;

/** Validation of a property by agents. */
export const PropertyValidationStatus = {
  NotValidated: 'PSG000',
  Validated: 'PSG001',
  PendingValidation: 'PSG002',
  Rejected: 'PSG004',
} as const;
export type PropertyValidationStatusCode = ValueOf<typeof PropertyValidationStatus>;

/** Announcement type. Anything other than a sale is treated as a rental (SPEC 4.1). */
export const AnnouncementType = {
  /** Not specified; treated as a rental. */
  Unspecified: 'ATY000',
  /** Rental of a room in a shared home. */
  RoomRental: 'ATY001',
  /** Rental of the whole home. */
  Rental: 'ATY002',
  Sale: 'ATY003',
} as const;
export type AnnouncementTypeCode = ValueOf<typeof AnnouncementType>;

/** How an announcement receives offers. */
export const AnnouncementOfferType = {
  /** Traditional price offers (SPEC 4.1). */
  Traditional: 'AOT001',
  /** Fixed price: visit requests only, sent with amount 0. */
  VisitRequestOnly: 'AOT002',
} as const;
export type AnnouncementOfferTypeCode = ValueOf<typeof AnnouncementOfferType>;

/** Offer lifecycle. */
export const OfferStatus = {
  /** Created but not yet sent (pending-offer call). */
  Pending: 'OSC000',
  Sent: 'OSC001',
  Selected: 'OSC002',
  /** Withdrawn; counts as no current offer (SPEC 4.2). */
  Withdrawn: 'OSC003',
  NotSelected: 'OSC004',
  Ended: 'OSC005',
} as const;
export type OfferStatusCode = ValueOf<typeof OfferStatus>;

/**
 * Why an offer was not chosen: the owner picks one when selecting another offer (the reason every other
 * candidate reads in their timeline).
 */
export const OfferDecisionReason = {
  AnotherCandidate: 'ODR001',
  Price: 'ODR002',
  Solvency: 'ODR003',
  NoLongerAvailable: 'ODR004',
} as const;
export type OfferDecisionReasonCode = ValueOf<typeof OfferDecisionReason>;

/** What happened to an offer, one row per event of its timeline. */
export const OfferEventKind = {
  Sent: 'sent',
  Modified: 'modified',
  SeenByOwner: 'seen',
  BiddingClosed: 'bidding-closed',
  BiddingReopened: 'bidding-reopened',
  Selected: 'selected',
  NotSelected: 'not-selected',
  Withdrawn: 'withdrawn',
  Ended: 'ended',
} as const;
export type OfferEventKindCode = ValueOf<typeof OfferEventKind>;

/** The solvency preview of a candidate (master list `offerAttributes.solvencyStatuses`). */
export const SolvencyStatus = {
  Pending: 'OSS001',
  Solvent: 'OSS002',
  SolventWithGuarantor: 'OSS003',
  Insufficient: 'OSS004',
  /** Affordable, but with little room: the rent takes between 35 % and 45 % of the income. */
  Tight: 'OSS005',
} as const;
export type SolvencyStatusCode = ValueOf<typeof SolvencyStatus>;

/** Kinds of a tenant's documents (master list `userAttributes.documentKinds`). */
export const DocumentKind = {
  Identity: 'TDK001',
  Payslips: 'TDK002',
  WorkContract: 'TDK003',
  TaxReturn: 'TDK004',
  BankStatements: 'TDK005',
  Other: 'TDK006',
} as const;
export type DocumentKindCode = ValueOf<typeof DocumentKind>;

/** Who a person of a tenant's profile is: the tenant, a co-holder of the contract, or a guarantor. */
export const HouseholdRole = {
  Tenant: 'tenant',
  CoHolder: 'co_holder',
  Guarantor: 'guarantor',
} as const;
export type HouseholdRoleCode = ValueOf<typeof HouseholdRole>;

/** How a buyer pays; cash is the default (SPEC 4.2). */
export const OfferPaymentType = {
  Cash: 'OPT000',
  Mortgage: 'OPT001',
} as const;
export type OfferPaymentTypeCode = ValueOf<typeof OfferPaymentType>;

/** Contract lifecycle. */
export const ContractStatus = {
  Draft: 'CST000',
  OwnerDataDone: 'CST001',
  TenantDataDone: 'CST002',
  SentToSign: 'CST003',
  Signed: 'CST004',
  Cancelled: 'CST005',
} as const;
export type ContractStatusCode = ValueOf<typeof ContractStatus>;

/** True only for ATY003. */
export function isSale(typeCode: string | null | undefined): boolean {
  return typeCode === AnnouncementType.Sale;
}

/** SPEC 4.1: any type other than ATY003 (including a missing one) is treated as a rental. */
export function isRental(typeCode: string | null | undefined): boolean {
  return !isSale(typeCode);
}

/** A payment of an announcement by its owner (issue 13). */
export const PaymentStatus = {
  /** Sent to the provider, waiting for its final answer. */
  InProcess: 'PAY001',
  Succeeded: 'PAY002',
  Failed: 'PAY003',
  /** Paid, then given back by an agent (issue 28): the announcement is locked again. */
  Refunded: 'PAY004',
} as const;
export type PaymentStatusCode = ValueOf<typeof PaymentStatus>;
