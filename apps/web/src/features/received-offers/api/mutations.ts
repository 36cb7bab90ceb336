import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferDecisionReasonCode } from '@casaoferta/domain/codes';
import type { OwnerOffer } from '@casaoferta/domain/schemas/offers';
import { apiRequest } from '../../../shared/api/client';
import { showToast } from '../../../shared/ui/toast-store';
import { receivedOffersTexts } from '../texts';
import { receivedOffersApi, receivedOffersKeys } from './keys';
import { updateListedOffer } from './queries';

const t = receivedOffersTexts;

/** Refetches the list and any open offer of the announcement (and the owner's announcements). */
function useRefresh(announcementId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: receivedOffersKeys.announcement(announcementId) }),
      client.invalidateQueries({ queryKey: receivedOffersKeys.myAnnouncements }),
    ]);
}

/**
 * PUT .../mark-favorite or /unmark-favorite. The star changes at once; a failure puts it back (the API
 * client shows the error) and the list is read again either way.
 */
export function useToggleFavorite(announcementId: string) {
  const client = useQueryClient();
  const refresh = useRefresh(announcementId);
  const key = receivedOffersKeys.list(announcementId);
  const setFavorite = (offerId: string, isFavorite: boolean) =>
    updateListedOffer(client, announcementId, offerId, (offer) => ({ ...offer, isFavorite }));
  return useMutation({
    mutationFn: ({ offer, favorite }: { offer: OwnerOffer; favorite: boolean }) =>
      apiRequest<unknown>(
        (favorite ? receivedOffersApi.markFavorite : receivedOffersApi.unmarkFavorite)(
          announcementId,
          offer.id,
        ),
        { method: 'PUT' },
      ),
    onMutate: async ({ offer, favorite }) => {
      await client.cancelQueries({ queryKey: key });
      setFavorite(offer.id, favorite);
    },
    onError: (_error, { offer, favorite }) => setFavorite(offer.id, !favorite),
    onSettled: () => refresh(),
  });
}

/**
 * POST .../select-tenant {reasonCode}: the chosen offer becomes 'selected', every other one 'not
 * selected' with the reason. A 409 (another tab chose first) is the API client's toast; the list is
 * read again so the owner sees who was chosen.
 */
export function useSelectTenant(announcementId: string) {
  const refresh = useRefresh(announcementId);
  return useMutation({
    mutationFn: ({ offer, reasonCode }: { offer: OwnerOffer; reasonCode: OfferDecisionReasonCode }) =>
      apiRequest<unknown>(receivedOffersApi.selectTenant(announcementId, offer.id), {
        method: 'POST',
        body: { reasonCode },
      }),
    onSuccess: (_data, { offer }) => showToast(t.select.done(offer.candidate.displayName), 'success'),
    onSettled: () => refresh(),
  });
}

export type BiddingAction = 'close' | 'reopen';

/** PUT /api/announcement/{id}/close-bidding or /reactivate (from bidding closed, it reopens at once). */
export function useBiddingAction(announcementId: string) {
  const refresh = useRefresh(announcementId);
  return useMutation({
    mutationFn: (action: BiddingAction) =>
      apiRequest<unknown>(
        action === 'close'
          ? receivedOffersApi.closeBidding(announcementId)
          : receivedOffersApi.reactivate(announcementId),
        { method: 'PUT' },
      ),
    onSuccess: (_data, action) =>
      showToast(action === 'close' ? t.bidding.closedToast : t.bidding.reopenedToast, 'success'),
    onSettled: () => refresh(),
  });
}

export type OfferRequest = 'requestCompleteData' | 'solvency';

/** POST .../request-complete-data (asks the candidate to complete their profile) or .../solvency. */
export function useOfferRequest(announcementId: string) {
  const refresh = useRefresh(announcementId);
  return useMutation({
    mutationFn: ({ request, offerId }: { request: OfferRequest; offerId: string }) =>
      apiRequest<unknown>(receivedOffersApi[request](announcementId, offerId), { method: 'POST' }),
    onSuccess: (_data, { request }) =>
      showToast(request === 'solvency' ? t.detail.solvencyDone : t.detail.requestDataDone, 'success'),
    onSettled: () => refresh(),
  });
}

/** POST /api/announcement/offers/invite: a message inviting someone by phone to make an offer. */
export function useInvite(announcementId: string) {
  return useMutation({
    mutationFn: ({ countryCode, phoneNumber }: { countryCode: string; phoneNumber: string }) =>
      apiRequest<unknown>(receivedOffersApi.invite, {
        method: 'POST',
        body: { announcementId, countryCode, phoneNumber },
      }),
    onSuccess: () => showToast(t.invite.done, 'success'),
  });
}

/**
 * POST /api/contract/draft {announcementId}: once an offer is selected, creates its contract (or answers
 * the one already alive); the caller then opens /contract/{id}.
 */
export const usePrepareContract = (announcementId: string) =>
  useMutation({
    mutationFn: () =>
      apiRequest<{ id: string }>(receivedOffersApi.contractDraft, {
        method: 'POST',
        body: { announcementId },
      }),
  });
