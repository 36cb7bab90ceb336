import { AnnouncementStatus, OfferStatus, type OfferStatusCode } from '../codes';

/**
 * The announcement's offer summary (decision 014, issue 23): how many offers it has ("Ofertas 2", "Hay 2
 * ofertas en este anuncio") and the highest ("Oferta más alta 1.250 €/mes"), one definition for the
 * catalogue, the property page, the owner's offers page, the candidate's offers and the live events.
 *
 * An offer counts while it stands in the owner's choice:
 * - sent (OSC001) and selected (OSC002): always;
 * - not selected (OSC004): while the announcement stays decided (AST004 chosen, AST008 rented or sold):
 *   the owner chose among them, so choosing changes neither the count nor the highest offer;
 * - withdrawn (OSC003) and ended (OSC005): never (taken back by the candidate, or ended with the
 *   announcement: a reactivated announcement starts afresh).
 * Visit requests count but have no price: they never make the highest offer.
 */

/** Offer statuses counted in every state of the announcement. */
export const standingOfferStatuses = [OfferStatus.Sent, OfferStatus.Selected] as const;
/** Offer statuses counted only while the announcement is decided (`decidedAnnouncementStatuses`). */
export const decidedAgainstOfferStatuses = [OfferStatus.NotSelected] as const;
/** Announcement statuses in which the owner's choice stands. */
export const decidedAnnouncementStatuses = [
  AnnouncementStatus.TenantSelected,
  AnnouncementStatus.Closed,
] as const;

const includes = (list: readonly string[], code: string) => list.includes(code);

/** Whether an offer in `offerStatus` counts in the summary of an announcement in `announcementStatus`. */
export function countsInSummary(offerStatus: string, announcementStatus: string): boolean {
  if (includes(standingOfferStatuses, offerStatus)) return true;
  return (
    includes(decidedAgainstOfferStatuses, offerStatus) &&
    includes(decidedAnnouncementStatuses, announcementStatus)
  );
}

/** The offer statuses counted for an announcement in `announcementStatus`. */
export const summaryOfferStatuses = (announcementStatus: string): readonly OfferStatusCode[] =>
  [...standingOfferStatuses, ...decidedAgainstOfferStatuses].filter((status) =>
    countsInSummary(status, announcementStatus),
  );

export interface SummaryOffer {
  statusCode: string;
  isVisitRequest: boolean;
  amount: number;
}

export interface OfferSummary {
  offersCount: number;
  /** Null while no counted price offer exists. */
  highestOffer: number | null;
}

/** The summary of an announcement's offers (the API keeps `announcements.offers_count/highest_offer` equal to it). */
export function offerSummary(offers: readonly SummaryOffer[], announcementStatus: string): OfferSummary {
  const counted = offers.filter((offer) => countsInSummary(offer.statusCode, announcementStatus));
  const prices = counted.filter((offer) => !offer.isVisitRequest).map((offer) => offer.amount);
  return { offersCount: counted.length, highestOffer: prices.length === 0 ? null : Math.max(...prices) };
}

/**
 * Whether an offer still competes for the highest: a sent price offer. A selected one has won ("Elegida"
 * is what its candidate reads, not "la más alta"); a decided, withdrawn or ended one no longer competes.
 */
export const competesForHighest = (offer: Pick<SummaryOffer, 'statusCode' | 'isVisitRequest'>): boolean =>
  !offer.isVisitRequest && offer.statusCode === OfferStatus.Sent;

/** "Tu oferta es la más alta": a competing offer at the highest amount (ties count: the owner sees the same figure). */
export const isHighestOffer = (offer: SummaryOffer, highestOffer: number | null): boolean =>
  competesForHighest(offer) && highestOffer !== null && offer.amount >= highestOffer;
