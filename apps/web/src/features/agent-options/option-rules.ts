import { AnnouncementStatus, PropertyValidationStatus } from '@casaoferta/domain/codes';
import { Permission } from '@casaoferta/domain/permissions';
import type { RouteContext } from './route-context';
import { agentOptionsTexts } from './texts';

const a = agentOptionsTexts.actions;
const why = agentOptionsTexts.disabled;

export type OptionId =
  | 'extend-period'
  | 'offers-email'
  | 'mark-paid'
  | 'payment-link'
  | 'refund-payment'
  | 'solvency-report'
  | 'contact-data'
  | 'download-images'
  | 'validate-property'
  | 'reject-property'
  | 'candidate-report'
  | 'verify'
  | 'unverify'
  | 'download-documents'
  | 'validate-announcement'
  | 'reject-announcement'
  | 'block'
  | 'readmit'
  | 'create-listing'
  | 'change-user'
  | 'logout';

export interface OptionItem {
  id: OptionId;
  label: string;
  /** Why it cannot be used now (shown under it); null when it can. */
  disabledReason: string | null;
}

/** The user the agent acts on: the impersonated one, or the one just blocked (to readmit them). */
export interface SubjectUser {
  id: string;
  name: string;
  isBlocked: boolean;
  isVerified: boolean;
}

export interface PropertyState {
  id: string;
  validationStatus: string;
  /** The revision an agent's decision names (decision 011). */
  revision: number;
  hasPendingRevision: boolean;
  imageCount: number;
}

export interface AnnouncementState {
  id: string;
  statusCode: string;
  /** null while unknown (the owner's offers are read only while acting as the owner). */
  offersCount: number | null;
  /** The revision an agent's decision names (decision 011); null when the review is not at hand. */
  revision: number | null;
  /** Unlocked (paid, or marked paid); null when unknown. */
  isPaid: boolean | null;
}

export interface OptionsInput {
  route: RouteContext;
  permissions: ReadonlySet<string>;
  impersonating: boolean;
  subject: SubjectUser | null;
  /** The property of the route (PropertyDetail), null when unknown or none. */
  property: PropertyState | null;
  /** The current announcement the route names or implies, null when none is known. */
  announcement: AnnouncementState | null;
  /** The offer of OfferDetail. */
  offerId?: string | null;
}

const enabled = (ok: boolean, reason: string): string | null => (ok ? null : reason);

const announcementValidatable: readonly string[] = [
  AnnouncementStatus.PendingValidation,
  AnnouncementStatus.Rejected,
];

/**
 * The actions of SPEC 6's "Agent options by route" table for where the agent is, each enabled or
 * disabled by its state rule (SPEC 4.5 for validations), and only those the agent has the permission
 * for.
 */
export function agentOptions(input: OptionsInput): OptionItem[] {
  const { route, permissions, impersonating, subject, property, announcement } = input;
  const can = (permission: string) => permissions.has(permission);
  const items: OptionItem[] = [];
  const add = (id: OptionId, label: string, disabledReason: string | null = null) =>
    items.push({ id, label, disabledReason });

  if (route.kind === 'property-detail') {
    if (can(Permission.ExtendAnnouncements)) {
      add(
        'extend-period',
        a.extendPeriod,
        announcement
          ? enabled(announcement.statusCode === AnnouncementStatus.Validated, why.notPublished)
          : why.noAnnouncement,
      );
    }
    if (can(Permission.SendOffersEmail)) {
      add('offers-email', a.offersEmail, announcement ? null : why.noAnnouncement);
    }
    // SPEC 6: 'unblock announcement', only when an announcement exists and is not paid.
    if (can(Permission.MarkAnnouncementsPaid) && announcement && announcement.isPaid === false) {
      add('mark-paid', a.markPaid);
    }
    // SPEC 6: 'send payment link', disabled if the announcement is paid; sent to the owner acted as.
    if (can(Permission.SendPaymentLinks)) {
      add(
        'payment-link',
        a.paymentLink,
        !announcement
          ? why.noAnnouncement
          : announcement.isPaid === true
            ? why.paid
            : announcement.isPaid === null || !subject
              ? why.unknownState
              : null,
      );
    }
    // Issue 28: give the payment back (through the provider, with a reason); only a paid announcement.
    if (can(Permission.RefundPayments) && announcement) {
      add('refund-payment', a.refundPayment, announcement.isPaid === true ? null : why.notPaid);
    }
    if (can(Permission.DownloadDocuments) && impersonating) {
      add(
        'solvency-report',
        a.solvencyReport,
        announcement
          ? announcement.offersCount === null
            ? why.unknownState
            : enabled(announcement.offersCount > 0, why.noOffers)
          : why.noAnnouncement,
      );
    }
    // SPEC 6: 'receive contact data', by e-mail to the agent; the server names the property's newest
    // announcement (422 CONTACT_DATA_NO_ANNOUNCEMENT without one), so only a known absence disables it.
    if (can(Permission.DownloadDocuments)) {
      add('contact-data', a.contactData, property && !announcement ? why.noAnnouncement : null);
    }
    if (can(Permission.DownloadDocuments)) {
      add(
        'download-images',
        a.downloadImages,
        property ? enabled(property.imageCount > 0, why.noImages) : null,
      );
    }
    if (can(Permission.ValidateProperties)) {
      const status = property?.validationStatus;
      add(
        'validate-property',
        a.validateProperty,
        status === undefined
          ? why.unknownState
          : enabled(
              status !== PropertyValidationStatus.Validated || (property?.hasPendingRevision ?? false),
              why.propertyValidated,
            ),
      );
      add(
        'reject-property',
        a.rejectProperty,
        status === undefined
          ? why.unknownState
          : enabled(
              status === PropertyValidationStatus.PendingValidation ||
                status === PropertyValidationStatus.Validated,
              why.propertyNotRejectable,
            ),
      );
    }
  }

  if (route.kind === 'offer-detail' && can(Permission.DownloadDocuments)) {
    add('candidate-report', a.candidateReport);
  }

  const onUserPage = route.kind === 'offer-detail' || route.kind === 'profile';
  if (onUserPage && impersonating && subject && can(Permission.VerifyUsers)) {
    if (subject.isVerified) add('unverify', a.unverify);
    else add('verify', a.verify);
  }

  if (route.kind === 'profile' && route.documentation && impersonating && subject) {
    if (can(Permission.DownloadDocuments)) add('download-documents', a.downloadDocuments);
  }

  // Any route: the announcement the route names (or the property's current one).
  if (announcement && can(Permission.ValidateAnnouncements)) {
    const noRevision = announcement.revision === null ? why.unknownState : null;
    add(
      'validate-announcement',
      a.validateAnnouncement,
      noRevision ??
        enabled(announcementValidatable.includes(announcement.statusCode), why.announcementNotValidatable),
    );
    add(
      'reject-announcement',
      a.rejectAnnouncement,
      noRevision ??
        enabled(
          announcement.statusCode === AnnouncementStatus.PendingValidation,
          why.announcementNotRejectable,
        ),
    );
  }
  if (subject && can(Permission.BlockUsers)) {
    if (subject.isBlocked) add('readmit', a.readmit);
    else add('block', a.block);
  }
  add('create-listing', a.createListing);
  if (impersonating) add('change-user', a.changeUser);
  else add('logout', a.logout);
  return items;
}

/** Every permission the agent holds, directly or through a role. */
export function permissionNames(user: { permissions: string[]; roles: { permissions: string[] }[] } | null) {
  if (!user) return new Set<string>();
  return new Set([...user.permissions, ...user.roles.flatMap((role) => role.permissions)]);
}
