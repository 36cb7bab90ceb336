import { AnnouncementOfferType, AnnouncementStatus, PropertyValidationStatus } from '../codes';

const S = AnnouncementStatus;

export type OwnerAction =
  'edit' | 'publish' | 'withdraw' | 'discardDraft' | 'closeBidding' | 'reactivate' | 'requestReview';

/** Where each owner action leads from each state it is allowed in (ARCHITECTURE.md §5, SPEC 4.5). */
export const ownerTransitions: Record<Exclude<OwnerAction, 'edit'>, Partial<Record<string, string>>> = {
  // Publishing sends the announcement to the agents' validation queue.
  publish: { [S.Draft]: S.PendingValidation },
  withdraw: {
    [S.PendingValidation]: S.Withdrawn,
    [S.Validated]: S.Withdrawn,
    [S.BiddingClosed]: S.Withdrawn,
  },
  discardDraft: { [S.Draft]: 'deleted' },
  closeBidding: { [S.Validated]: S.BiddingClosed },
  // Bidding reopens at once; a withdrawn or ended announcement goes back through validation.
  reactivate: {
    [S.BiddingClosed]: S.Validated,
    [S.Withdrawn]: S.PendingValidation,
    [S.Ended]: S.PendingValidation,
  },
  requestReview: { [S.Rejected]: S.PendingValidation },
};

/**
 * Issue 23 point 6 (decision 028): an announcement can be sent to validation once its property is
 * validated or while the property itself waits for validation; the agent then decides both in one
 * review. It is published only once the property is validated (checked in the publishing statement).
 */
export const propertyAdmitsPublishing = (propertyValidationStatus: string) =>
  propertyValidationStatus === PropertyValidationStatus.Validated ||
  propertyValidationStatus === PropertyValidationStatus.PendingValidation;

export interface LifecycleFacts {
  statusCode: string;
  offerTypeCode: string;
  propertyValidationStatus: string;
}

export function allowedOwnerActions(f: LifecycleFacts): Record<OwnerAction, boolean> {
  const from = (action: Exclude<OwnerAction, 'edit'>) => ownerTransitions[action][f.statusCode] !== undefined;
  const propertyRejected = f.propertyValidationStatus === PropertyValidationStatus.Rejected;
  return {
    edit: f.statusCode === S.Draft || f.statusCode === S.Rejected,
    publish: from('publish') && propertyAdmitsPublishing(f.propertyValidationStatus),
    withdraw: from('withdraw'),
    discardDraft: from('discardDraft'),
    closeBidding: from('closeBidding') && f.offerTypeCode === AnnouncementOfferType.Traditional,
    reactivate: from('reactivate'),
    requestReview: from('requestReview') || (propertyRejected && f.statusCode === S.Draft),
  };
}

/**
 * Decision 011: once a property is validated its columns are the approved version, public while an
 * announcement is live; the owner's edits (fields and photos) wait as a pending revision until an agent
 * approves them.
 */
export const editsAreModerated = (propertyValidationStatus: string) =>
  propertyValidationStatus === PropertyValidationStatus.Validated;

/**
 * SPEC 4.5: which agent decisions each state admits. A validated property with a pending revision can
 * be approved again: the approval applies the revision (decision 011).
 */
export const canValidateProperty = (status: string, revisionPending = false) =>
  status !== PropertyValidationStatus.Validated || revisionPending;
export const canRejectProperty = (status: string) =>
  status === PropertyValidationStatus.PendingValidation || status === PropertyValidationStatus.Validated;
export const canValidateAnnouncement = (status: string) =>
  status === S.PendingValidation || status === S.Rejected;
export const canRejectAnnouncement = (status: string) => status === S.PendingValidation;

/**
 * SPEC 4.6: blocking an owner ends (AST006) their announcements that are live or on their way to or past
 * publication; drafts and those already withdrawn, rejected, ended or closed keep their state.
 */
export const statusesEndedByBlock: readonly string[] = [
  S.Validated,
  S.PendingValidation,
  S.BiddingClosed,
  S.TenantSelected,
];

/** What the owner reads on an announcement a block ended. */
export const endedByBlockReason = 'Finalizado porque la cuenta del propietario está bloqueada.';
