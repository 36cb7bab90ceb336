import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import type { CandidateDocuments } from '@casaoferta/domain/schemas/tenant';
import type {
  OwnerOffer,
  OwnerOfferDetail,
  OwnerOffers,
  OwnerOfferSort,
  tenantContact,
} from '@casaoferta/domain/schemas/offers';
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

/** Offers per page of the owner's list (the API answers up to 100). */
export const OFFERS_PAGE_SIZE = 50;

interface NextPage {
  cursor: string;
  sort: OwnerOfferSort;
}
const firstPage = (): NextPage | null => null;

function offersUrl(
  announcementId: string,
  sort: OwnerOfferSort | null,
  favoritesOnly: boolean,
  next: NextPage | null,
) {
  const params = new URLSearchParams({ limit: String(OFFERS_PAGE_SIZE) });
  // A next page continues the first one's order (the API's default included).
  const order = next?.sort ?? sort;
  if (order) params.set('sort', order);
  if (favoritesOnly) params.set('favorites', 'true');
  if (next) params.set('cursor', next.cursor);
  return `${receivedOffersApi.offers(announcementId)}?${params.toString()}`;
}

/**
 * GET /api/announcement/{id}/offers, one page after another in the order the API sorts (`sort` null:
 * its default, amount once paid, else date), favourites only when asked. A refetch (live events, a
 * change) reads the pages again from the first, each from the cursor of the one before.
 */
export const useReceivedOffers = (
  announcementId: string,
  sort: OwnerOfferSort | null,
  favoritesOnly: boolean,
) =>
  useInfiniteQuery({
    queryKey: receivedOffersKeys.pages(announcementId, sort ?? 'default', favoritesOnly),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<OwnerOffers>(offersUrl(announcementId, sort, favoritesOnly, pageParam), { signal }),
    initialPageParam: firstPage(),
    getNextPageParam: (last): NextPage | null =>
      last.nextCursor ? { cursor: last.nextCursor, sort: last.sort } : null,
    // Another order or filter keeps the list on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });

/** Changes one offer wherever the owner's list holds it (every order and filter, every page loaded). */
export function updateListedOffer(
  client: QueryClient,
  announcementId: string,
  offerId: string,
  change: (offer: OwnerOffer) => OwnerOffer,
) {
  client.setQueriesData<InfiniteData<OwnerOffers>>(
    { queryKey: receivedOffersKeys.list(announcementId) },
    (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              offers: page.offers.map((offer) => (offer.id === offerId ? change(offer) : offer)),
            })),
          }
        : data,
  );
}

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
