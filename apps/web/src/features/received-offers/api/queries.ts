import { useQuery } from '@tanstack/react-query';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import type { CandidateDocuments } from '@casaoferta/domain/schemas/tenant';
import type { OwnerOfferDetail, OwnerOffers, tenantContact } from '@casaoferta/domain/schemas/offers';
import type { z } from 'zod';
import { apiRequest } from '../../../shared/api/client';
import { receivedOffersApi, receivedOffersKeys } from './keys';

export type TenantContact = z.infer<typeof tenantContact>;

/** GET /api/announcement/in-progress: the owner's announcements, to find the property's one. */
export const useMyAnnouncements = () =>
  useQuery({
    queryKey: receivedOffersKeys.myAnnouncements,
    queryFn: ({ signal }) => apiRequest<OwnerAnnouncement[]>(receivedOffersApi.myAnnouncements, { signal }),
  });

/** GET /api/announcement/{id}/offers: every offer received, amounts locked until the payment. */
export const useReceivedOffers = (announcementId: string | null) =>
  useQuery({
    queryKey: receivedOffersKeys.list(announcementId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<OwnerOffers>(receivedOffersApi.offers(announcementId ?? ''), { signal }),
    enabled: Boolean(announcementId),
  });

/** GET /api/announcement/{id}/offer/{offerId}: one offer and its timeline (the API marks it seen). */
export const useOfferDetail = (announcementId: string, offerId: string | undefined) =>
  useQuery({
    queryKey: receivedOffersKeys.detail(announcementId, offerId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<OwnerOfferDetail>(receivedOffersApi.offer(announcementId, offerId ?? ''), { signal }),
    enabled: Boolean(offerId),
  });

/** GET .../offer/{offerId}/tenant-contact, when the owner asks for it. */
export const useTenantContact = (announcementId: string, offerId: string, enabled: boolean) =>
  useQuery({
    queryKey: receivedOffersKeys.contact(announcementId, offerId),
    queryFn: ({ signal }) =>
      apiRequest<TenantContact>(receivedOffersApi.tenantContact(announcementId, offerId), { signal }),
    enabled,
  });

/**
 * GET .../offer/{offerId}/documents: what the candidate shares with me (403 DOCUMENTS_NOT_SHARED while
 * they do not). Silent: the section says it in place.
 */
export const useCandidateDocuments = (announcementId: string, offerId: string, enabled: boolean) =>
  useQuery({
    queryKey: receivedOffersKeys.documents(announcementId, offerId),
    queryFn: ({ signal }) =>
      apiRequest<CandidateDocuments>(receivedOffersApi.candidateDocuments(announcementId, offerId), {
        signal,
        silent: true,
      }),
    enabled,
  });
