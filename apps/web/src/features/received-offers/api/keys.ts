const base = '/api/announcement';

/** API paths of the owner's side of offers (SPEC 7.3, 7.4). */
export const receivedOffersApi = {
  myAnnouncements: `${base}/in-progress`,
  offers: (announcementId: string) => `${base}/${announcementId}/offers`,
  offer: (announcementId: string, offerId: string) => `${base}/${announcementId}/offer/${offerId}`,
  markFavorite: (announcementId: string, offerId: string) =>
    `${base}/${announcementId}/offer/${offerId}/mark-favorite`,
  unmarkFavorite: (announcementId: string, offerId: string) =>
    `${base}/${announcementId}/offer/${offerId}/unmark-favorite`,
  selectTenant: (announcementId: string, offerId: string) =>
    `${base}/${announcementId}/offer/${offerId}/select-tenant`,
  solvency: (announcementId: string, offerId: string) =>
    `${base}/${announcementId}/offer/${offerId}/solvency`,
  requestCompleteData: (announcementId: string, offerId: string) =>
    `${base}/${announcementId}/offer/${offerId}/request-complete-data`,
  tenantContact: (announcementId: string, offerId: string) =>
    `${base}/${announcementId}/offer/${offerId}/tenant-contact`,
  candidateDocuments: (announcementId: string, offerId: string) =>
    `${base}/${announcementId}/offer/${offerId}/documents`,
  candidateDocument: (announcementId: string, offerId: string, documentId: string) =>
    `${base}/${announcementId}/offer/${offerId}/documents/${encodeURIComponent(documentId)}/download`,
  closeBidding: (announcementId: string) => `${base}/${announcementId}/close-bidding`,
  reactivate: (announcementId: string) => `${base}/${announcementId}/reactivate`,
  invite: `${base}/offers/invite`,
  /** POST {announcementId}: the contract of the selected offer (the alive one when it exists). */
  contractDraft: '/api/contract/draft',
} as const;

/** React Query keys of this screen; a change invalidates `announcement(id)` (list and details). */
export const receivedOffersKeys = {
  all: ['received-offers'] as const,
  myAnnouncements: ['received-offers', 'my-announcements'] as const,
  announcement: (announcementId: string) => ['received-offers', announcementId] as const,
  list: (announcementId: string) => ['received-offers', announcementId, 'list'] as const,
  /** The pages of one order and filter (`default`: the order the API picks, amount once paid). */
  pages: (announcementId: string, sort: string, favoritesOnly: boolean) =>
    ['received-offers', announcementId, 'list', sort, favoritesOnly] as const,
  detail: (announcementId: string, offerId: string) =>
    ['received-offers', announcementId, 'detail', offerId] as const,
  contact: (announcementId: string, offerId: string) =>
    ['received-offers', announcementId, 'contact', offerId] as const,
  documents: (announcementId: string, offerId: string) =>
    ['received-offers', announcementId, 'documents', offerId] as const,
};
