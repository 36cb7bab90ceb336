/** Which list of /my-offers: the announcement kind's tab and the status filter. */
export type OfferListKind = 'rental' | 'sale';
export type OfferListStatus = 'active' | 'closed' | 'all';

/** API paths of the candidate's offers (SPEC 7.4). */
export const myOffersApi = {
  search: (kind: OfferListKind) =>
    kind === 'sale' ? '/api/announcement/offers/sale-search' : '/api/announcement/offers/search',
  one: (announcementId: string, offerId: string) =>
    `/api/announcement/${encodeURIComponent(announcementId)}/offer/${encodeURIComponent(offerId)}`,
  withdraw: (announcementId: string, offerId: string) =>
    `/api/announcement/${encodeURIComponent(announcementId)}/offer/${encodeURIComponent(offerId)}/withdraw`,
  documentsShare: (announcementId: string, offerId: string) =>
    `/api/announcement/${encodeURIComponent(announcementId)}/offer/${encodeURIComponent(offerId)}/documents-share`,
  /** GET: my decided offers I have not opened yet (issue 23: shown first on /my-offers). */
  unseenOutcomes: '/api/tenant/offers?outcome=unseen',
  /** GET: my contracts, as owner or tenant (features/contracts shows them). */
  contracts: '/api/contracts',
} as const;

/** React Query keys; a withdrawal invalidates `all`. */
export const myOffersKeys = {
  all: ['my-offers'] as const,
  list: (kind: OfferListKind, status: OfferListStatus) => ['my-offers', 'list', kind, status] as const,
  detail: (offerId: string) => ['my-offers', 'detail', offerId] as const,
  unseenOutcomes: ['my-offers', 'unseen-outcomes'] as const,
  documentsShare: (offerId: string) => ['my-offers', 'documents-share', offerId] as const,
  contracts: ['my-offers', 'contracts'] as const,
};
