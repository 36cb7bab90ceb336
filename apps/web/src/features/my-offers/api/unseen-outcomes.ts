import { useQuery } from '@tanstack/react-query';
import type { MyOffer } from '@casaoferta/domain/schemas/offers';
import { apiRequest } from '../../../shared/api/client';
import { myOffersApi, myOffersKeys } from './keys';

/** GET /api/tenant/offers?outcome=unseen: my decided offers I have not opened since the decision. */
export const fetchUnseenOutcomes = (signal?: AbortSignal) =>
  apiRequest<MyOffer[]>(myOffersApi.unseenOutcomes, { signal, silent: true });

export const useUnseenOutcomes = () =>
  useQuery({
    queryKey: myOffersKeys.unseenOutcomes,
    queryFn: ({ signal }) => fetchUnseenOutcomes(signal),
  });
