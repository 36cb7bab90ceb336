import { announcementKindOfType, announcementRouteSegment } from '../announcement-kind';
import { AnnouncementStatus, PropertyValidationStatus } from '../codes';

/**
 * "Mis anuncios" (/announcement-list, issue 23): every property of an owner is in exactly one of its
 * tabs, with the one thing to do next. The API computes it (GET /api/announcement/properties) and the
 * notices of the validation link to it; the web groups its announcement cards with the same tabs.
 */
export const ownerTabs = ['active', 'drafts', 'finished'] as const;
export type OwnerTab = (typeof ownerTabs)[number];

/**
 * The tab of an announcement by its status. Borradores: not sent to publication yet, or sent back to
 * the owner (rejected: to correct). Activos: in validation, on show, bidding closed, a candidate chosen
 * (the contract to sign). Finalizados: rented or sold, withdrawn, its period over.
 */
export const announcementStatusesOfTab = {
  active: [
    AnnouncementStatus.Validated,
    AnnouncementStatus.BiddingClosed,
    AnnouncementStatus.PendingValidation,
    AnnouncementStatus.TenantSelected,
  ],
  drafts: [AnnouncementStatus.Draft, AnnouncementStatus.Rejected],
  finished: [AnnouncementStatus.Closed, AnnouncementStatus.Ended, AnnouncementStatus.Withdrawn],
} as const satisfies Record<OwnerTab, readonly string[]>;

/** The tab an announcement's status belongs to; an unknown status goes with the finished ones. */
export function tabOfAnnouncementStatus(statusCode: string): OwnerTab {
  for (const tab of ownerTabs) {
    if ((announcementStatusesOfTab[tab] as readonly string[]).includes(statusCode)) return tab;
  }
  return 'finished';
}

/**
 * What the owner does next with a property. The first four are about the property itself (no
 * announcement carries them); the rest about its leading announcement.
 */
export const ownerNextSteps = [
  /** Never sent to validation: 'Continuar' the property form. */
  'continueProperty',
  /** Sent, our team reviews it: 'En validación' (the announcement can be prepared meanwhile). */
  'propertyInValidation',
  /** Rejected: 'Corregir' the property and send it again. */
  'correctProperty',
  /** Validated and without any announcement: 'Validado: crea el anuncio'. */
  'createAnnouncement',
  /** A draft announcement: continue it and publish it. */
  'continueAnnouncement',
  /** The announcement was rejected: correct it and ask for a new review. */
  'correctAnnouncement',
  /** The announcement waits for our team. */
  'announcementInValidation',
  /** On show: follow the offers. */
  'followOffers',
  /** Bidding closed: choose an offer. */
  'chooseOffer',
  /** A candidate chosen: pay and sign the contract. */
  'signContract',
  /** Rented or sold. */
  'done',
  /** Withdrawn or its period over: publish it again. */
  'republish',
] as const;
export type OwnerNextStep = (typeof ownerNextSteps)[number];

export const propertyLevelSteps: readonly OwnerNextStep[] = [
  'continueProperty',
  'propertyInValidation',
  'correctProperty',
  'createAnnouncement',
];

/** Which announcement leads a property: the one furthest along the deal, then the newest. */
const leadOrder: readonly (readonly string[])[] = [
  [AnnouncementStatus.TenantSelected],
  [AnnouncementStatus.BiddingClosed],
  [AnnouncementStatus.Validated],
  [AnnouncementStatus.PendingValidation],
  [AnnouncementStatus.Rejected],
  [AnnouncementStatus.Draft],
  [AnnouncementStatus.Closed],
  [AnnouncementStatus.Ended, AnnouncementStatus.Withdrawn],
];

const stepOfLead: Readonly<Record<string, OwnerNextStep>> = {
  [AnnouncementStatus.TenantSelected]: 'signContract',
  [AnnouncementStatus.BiddingClosed]: 'chooseOffer',
  [AnnouncementStatus.Validated]: 'followOffers',
  [AnnouncementStatus.PendingValidation]: 'announcementInValidation',
  [AnnouncementStatus.Rejected]: 'correctAnnouncement',
  [AnnouncementStatus.Draft]: 'continueAnnouncement',
  [AnnouncementStatus.Closed]: 'done',
  [AnnouncementStatus.Ended]: 'republish',
  [AnnouncementStatus.Withdrawn]: 'republish',
};

export interface StepAnnouncement {
  id: string;
  statusCode: string;
  typeCode: string;
}

export interface PropertyNextStep<A extends StepAnnouncement = StepAnnouncement> {
  step: OwnerNextStep;
  tab: OwnerTab;
  /** The announcement the step is about; null for a step about the property itself. */
  announcement: A | null;
}

/**
 * The property's tab and next step. `announcements` are the property's, newest first. A property not
 * validated (never sent, in validation or rejected) is in Borradores with a step of its own, whatever
 * its announcements; a validated one follows its leading announcement, or is to be announced
 * (Borradores) when it has none.
 */
export function propertyNextStep<A extends StepAnnouncement>(
  validationStatus: string,
  announcements: readonly A[],
): PropertyNextStep<A> {
  const own = (step: OwnerNextStep): PropertyNextStep<A> => ({ step, tab: 'drafts', announcement: null });
  if (validationStatus === PropertyValidationStatus.NotValidated) return own('continueProperty');
  if (validationStatus === PropertyValidationStatus.PendingValidation) return own('propertyInValidation');
  if (validationStatus === PropertyValidationStatus.Rejected) return own('correctProperty');
  const rank = (a: A) => {
    const index = leadOrder.findIndex((statuses) => statuses.includes(a.statusCode));
    return index === -1 ? leadOrder.length : index;
  };
  let lead: A | null = null;
  for (const a of announcements) if (!lead || rank(a) < rank(lead)) lead = a;
  if (!lead) return own('createAnnouncement');
  return {
    step: stepOfLead[lead.statusCode] ?? 'republish',
    tab: tabOfAnnouncementStatus(lead.statusCode),
    announcement: lead,
  };
}

/**
 * The web path of a step (the app's routes, client-routes.ts), for the links of the notices. The
 * property's own steps lead to the property form or to the owner's property page (where an
 * announcement of each kind is created); an announcement's to its form, or to the offers.
 */
export function nextStepPath(propertyId: string, next: PropertyNextStep): string {
  const property = `/property-detail/${propertyId}`;
  const a = next.announcement;
  switch (next.step) {
    case 'continueProperty':
    case 'correctProperty':
      return `/new-property/${propertyId}`;
    case 'continueAnnouncement':
    case 'correctAnnouncement':
      return a
        ? `/new-announcement-${announcementRouteSegment[announcementKindOfType(a.typeCode)]}/${propertyId}/${a.id}`
        : property;
    case 'followOffers':
    case 'chooseOffer':
    case 'signContract':
    case 'done':
      return `/property/${propertyId}/offers`;
    default:
      return property;
  }
}
