import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { documentsShare } from '@casaoferta/domain/schemas/tenant';
import type { z } from 'zod';
import { apiRequest } from '../../../shared/api/client';
import { myOffersApi, myOffersKeys } from './keys';

export type DocumentsShare = z.infer<typeof documentsShare>;

/** GET .../documents-share: whether the owner may see my documentation for this offer, and since when. */
export const useDocumentsShare = (announcementId: string, offerId: string) =>
  useQuery({
    queryKey: myOffersKeys.documentsShare(offerId),
    queryFn: ({ signal }) =>
      apiRequest<DocumentsShare>(myOffersApi.documentsShare(announcementId, offerId), {
        signal,
        silent: true,
      }),
  });

/**
 * PUT .../documents-share {shared}: grants or revokes my consent. A refusal (409 OFFER_NOT_ACTIVE when
 * granting on an ended offer) is the API client's toast; the consent is read again either way.
 */
export function useSetDocumentsShare(announcementId: string, offerId: string) {
  const client = useQueryClient();
  const key = myOffersKeys.documentsShare(offerId);
  return useMutation({
    mutationFn: (shared: boolean) =>
      apiRequest<DocumentsShare>(myOffersApi.documentsShare(announcementId, offerId), {
        method: 'PUT',
        body: { shared },
      }),
    onSuccess: (answer) => client.setQueryData<DocumentsShare>(key, answer),
    onError: () => client.invalidateQueries({ queryKey: key }),
  });
}
