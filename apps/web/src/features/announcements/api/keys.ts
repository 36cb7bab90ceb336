import type { AnnouncementKind } from '@casaoferta/domain/announcement-kind';

const base = '/api/announcement';

/** API paths of the owner's announcements (SPEC 7.3) and of the owner's property page (7.6). */
export const announcementApi = {
  inProgress: `${base}/in-progress`,
  properties: `${base}/properties`,
  one: (id: string) => `${base}/${id}`,
  property: (id: string) => `/api/property/${id}`,
  /** Save as you go: whole-home rental, sale and room rental drafts. */
  draft: { rental: `${base}/draft`, sale: `${base}/sale/draft`, room: `${base}/room-rental/draft` },
  update: (kind: AnnouncementKind, id: string) =>
    kind === 'sale' ? `${base}/${id}/sale` : kind === 'room' ? `${base}/${id}/room-rental` : `${base}/${id}`,
  publish: (id: string) => `${base}/${id}/publish`,
  withdraw: (id: string) => `${base}/${id}/withdraw`,
  discardDraft: (id: string) => `${base}/${id}/draft-withdraw`,
  closeBidding: (id: string) => `${base}/${id}/close-bidding`,
  reactivate: (id: string) => `${base}/${id}/reactivate`,
  requestReview: (id: string) => `${base}/${id}/request-review`,
} as const;

/** React Query keys; every mutation invalidates `all`. */
export const announcementKeys = {
  all: ['owner-announcements'] as const,
  inProgress: ['owner-announcements', 'in-progress'] as const,
  properties: ['owner-announcements', 'properties'] as const,
  detail: (id: string) => ['owner-announcements', 'detail', id] as const,
};
