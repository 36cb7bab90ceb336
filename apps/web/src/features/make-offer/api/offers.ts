import type { MyOffer, OfferInput, OfferManagement } from '@casaoferta/domain/schemas/offers';
import type { OfferPaymentTypeCode } from '@casaoferta/domain/codes';
import { apiRequest } from '../../../shared/api/client';

/** The calls of the offer dialog (SPEC 7.4). The dialog shows their errors itself: they are silent. */
const announcementPath = (announcementId: string) =>
  `/api/announcement/${encodeURIComponent(announcementId)}`;

export const offerPaths = {
  myOffers: '/api/tenant/offers',
  pendingOffers: (announcementId: string) => `${announcementPath(announcementId)}/pending-offers`,
  offers: (announcementId: string) => `${announcementPath(announcementId)}/offers`,
} as const;

/** My current offer on this announcement (sent or selected); a withdrawn one is not returned. */
export async function fetchMyCurrentOffer(
  announcementId: string,
  signal?: AbortSignal,
): Promise<MyOffer | null> {
  const query = new URLSearchParams({ announcementId });
  const offers = await apiRequest<MyOffer[]>(`${offerPaths.myOffers}?${query.toString()}`, {
    signal,
    silent: true,
  });
  return offers.find((offer) => offer.announcementId === announcementId) ?? null;
}

export interface PendingOfferBody {
  offerId: string;
  amount: number;
  offerPaymentType: OfferPaymentTypeCode;
}

/** Checks the amount and says which sections the management dialog asks for; stores nothing. */
export const checkPendingOffer = (announcementId: string, body: PendingOfferBody) =>
  apiRequest<OfferManagement>(offerPaths.pendingOffers(announcementId), {
    method: 'POST',
    body,
    silent: true,
  });

/** Sends (or edits, with my current offer's id) an offer or a visit request; the same id again is a retry. */
export const sendOffer = (announcementId: string, body: OfferInput) =>
  apiRequest<MyOffer>(offerPaths.offers(announcementId), { method: 'POST', body, silent: true });

/** PUT .../offer/{offerId}/withdraw: 409 OFFER_NOT_ACTIVE once decided or withdrawn. */
export const withdrawOffer = (announcementId: string, offerId: string) =>
  apiRequest<MyOffer>(`${announcementPath(announcementId)}/offer/${encodeURIComponent(offerId)}/withdraw`, {
    method: 'PUT',
    silent: true,
  });
