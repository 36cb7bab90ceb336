import { useQuery } from '@tanstack/react-query';
import type { MyOfferDetail } from '@casaoferta/domain/schemas/offers';
import { apiRequest } from '../../../shared/api/client';
import { myOffersApi, myOffersKeys } from './keys';

/** GET /api/announcement/{id}/offer/{offerId}: my offer, its announcement and its timeline. */
export const fetchMyOffer = (announcementId: string, offerId: string, signal?: AbortSignal) =>
  apiRequest<MyOfferDetail>(myOffersApi.one(announcementId, offerId), { signal, silent: true });

export const useMyOffer = (announcementId: string, offerId: string) =>
  useQuery({
    queryKey: myOffersKeys.detail(offerId),
    queryFn: ({ signal }) => fetchMyOffer(announcementId, offerId, signal),
  });
