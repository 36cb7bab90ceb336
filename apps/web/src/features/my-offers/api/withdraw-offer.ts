import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyOffer, MyOfferDetail } from '@casaoferta/domain/schemas/offers';
import { apiRequest } from '../../../shared/api/client';
import { myOffersApi, myOffersKeys } from './keys';

/** PUT /api/announcement/{id}/offer/{offerId}/withdraw: 409 OFFER_NOT_ACTIVE once decided or withdrawn. */
export const withdrawOffer = (announcementId: string, offerId: string) =>
  apiRequest<MyOffer>(myOffersApi.withdraw(announcementId, offerId), { method: 'PUT' });

/**
 * Withdraws my offer. The answer updates the detail at once (the timeline keeps its events until the
 * refetch brings the new one); the lists and the detail are then loaded again.
 */
export function useWithdrawOffer(announcementId: string, offerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawOffer(announcementId, offerId),
    onSuccess: async (offer) => {
      client.setQueryData<MyOfferDetail>(myOffersKeys.detail(offerId), (current) =>
        current ? { ...current, ...offer, timeline: current.timeline } : current,
      );
      await client.invalidateQueries({ queryKey: myOffersKeys.all });
    },
    // A 409 (the owner decided meanwhile) shows its toast; load the offer again to show why.
    onError: () => client.invalidateQueries({ queryKey: myOffersKeys.detail(offerId) }),
  });
}
