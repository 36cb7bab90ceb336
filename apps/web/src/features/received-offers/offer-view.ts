import {
  AnnouncementOfferType,
  AnnouncementStatus,
  OfferDecisionReason,
  OfferStatus,
} from '@casaoferta/domain/codes';
import { formatPercent } from '@casaoferta/domain/format';
import { arrasShare, arrasTypeLabels } from '@casaoferta/domain/rules/arras';
import { offerAttributes, offerStatusLabels } from '@casaoferta/domain/masters/offer-contract';
import { userAttributes } from '@casaoferta/domain/masters/user';
import { masterLabel, type MasterItem } from '@casaoferta/domain/masters/item';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import type { OwnerOffer } from '@casaoferta/domain/schemas/offers';
import { receivedOffersTexts } from './texts';

/** Master lists this screen reads its labels from. */
const offerLists = offerAttributes();
/** The label of a code, or the code itself when the list does not know it; null stays null. */
const labelOf = (list: readonly MasterItem[], code: string | null): string | null =>
  code === null ? null : masterLabel(list, code);

export const decisionReasons = offerLists.decisionReasons;
export const defaultDecisionReason = OfferDecisionReason.AnotherCandidate;

export const offerStatusLabel = (code: string) => (offerStatusLabels as Record<string, string>)[code] ?? code;
export const solvencyLabel = (code: string) => masterLabel(offerLists.solvencyStatuses, code);
export const paymentLabel = (code: string) => masterLabel(offerLists.paymentTypes, code);
export const reasonPurchaseLabel = (code: string | null) => labelOf(offerLists.reasonsPurchase, code);
export const decisionReasonLabel = (code: string | null) => labelOf(offerLists.decisionReasons, code);
export const contractLabel = (code: string | null) => labelOf(userAttributes().userRenterTypeContract, code);

export type SortKey = 'amount' | 'date' | 'solvency';
export const sortKeys: readonly SortKey[] = ['amount', 'date', 'solvency'];

/** The most offers compared side by side. */
export const MAX_COMPARED = 3;

/** es-ES percentage of a ratio (0.35 → "35 %", never wrapped before "%"), or null: the tenant's own box's format. */
/**
 * The arras the buyer accepted (issue 23 point 13): "Acepta arras penitenciales: 10 % del precio
 * (23.000 €)", the percentage on the offered amount (without the euros while it is hidden), or null when
 * none were asked.
 */
export function acceptedArrasText(offer: Pick<OwnerOffer, 'acceptedArras' | 'amount'>): string | null {
  const arras = offer.acceptedArras;
  if (!arras) return null;
  return receivedOffersTexts.card.arrasAccepted(
    arrasTypeLabels[arras.typeCode].toLowerCase(),
    arrasShare(arras, offer.amount),
  );
}

export const formatRatio = (ratio: number | null) => (ratio === null ? null : formatPercent(ratio));

/** The day of a moment in Madrid's time, whatever the device's zone ('24/11/26'). */
const day = new Intl.DateTimeFormat('es-ES', { dateStyle: 'short', timeZone: 'Europe/Madrid' });
export const formatDay = (iso: string) => day.format(new Date(iso));

/** Announcement states whose offers the owner follows here, the most current first. */
const withOffers: readonly string[] = [
  AnnouncementStatus.Validated,
  AnnouncementStatus.BiddingClosed,
  AnnouncementStatus.TenantSelected,
  AnnouncementStatus.Closed,
  AnnouncementStatus.Ended,
  AnnouncementStatus.Withdrawn,
];

/**
 * The property's announcements that have (or may get) offers: live, bidding closed, decided; ended or
 * withdrawn ones only when they received any. Ordered by how current their state is.
 */
export function announcementsWithOffers(
  announcements: readonly OwnerAnnouncement[],
  propertyId: string,
): OwnerAnnouncement[] {
  return (
    announcements
      .filter((a) => a.propertyId === propertyId && withOffers.includes(a.statusCode))
      // Ended, withdrawn or rented: shown while it received any, current or past (issue 23).
      .filter((a) => withOffers.indexOf(a.statusCode) < 3 || a.receivedOffers > 0)
      .sort((a, b) => withOffers.indexOf(a.statusCode) - withOffers.indexOf(b.statusCode))
  );
}

/** What the owner may do with the announcement's bidding, from its state (the server checks again). */
export function biddingState(statusCode: string, offerTypeCode: string) {
  const open = statusCode === AnnouncementStatus.Validated;
  const closed = statusCode === AnnouncementStatus.BiddingClosed;
  return {
    canClose: open && offerTypeCode === AnnouncementOfferType.Traditional,
    canReopen: closed,
    canInvite: open,
    /** A candidate may be chosen while the announcement takes offers or once bidding is closed. */
    canSelect: open || closed,
    decided: statusCode === AnnouncementStatus.TenantSelected || statusCode === AnnouncementStatus.Closed,
  };
}

/** Offers a candidate may be chosen from: sent and not withdrawn or decided. */
export const isSelectable = (offer: OwnerOffer) => offer.statusCode === OfferStatus.Sent;
