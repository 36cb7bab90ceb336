import { useInfiniteQuery } from '@tanstack/react-query';
import type { MyOffersPage } from '@casaoferta/domain/schemas/offers';
import { apiRequest } from '../../../shared/api/client';
import { myOffersApi, myOffersKeys, type OfferListKind, type OfferListStatus } from './keys';

export const PAGE_SIZE = 10;

/** POST /api/announcement/offers/search (rentals) or /sale-search (sales): one page of my offers. */
export const searchMyOffers = (
  kind: OfferListKind,
  query: { status: OfferListStatus; cursor?: string },
  signal?: AbortSignal,
) =>
  apiRequest<MyOffersPage>(myOffersApi.search(kind), {
    method: 'POST',
    body: { status: query.status, limit: PAGE_SIZE, ...(query.cursor ? { cursor: query.cursor } : {}) },
    signal,
    // The list shows its own error state.
    silent: true,
  });

/** My offers of one kind and status, page after page ("Ver más" asks for the next cursor). */
export const useMyOffers = (kind: OfferListKind, status: OfferListStatus) =>
  useInfiniteQuery({
    queryKey: myOffersKeys.list(kind, status),
    queryFn: ({ pageParam, signal }) => searchMyOffers(kind, { status, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
