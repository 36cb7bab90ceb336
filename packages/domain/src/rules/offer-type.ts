import { AnnouncementOfferType } from '../codes';

/**
 * Visit requests go to announcements with a fixed price; they carry amount 0 (SPEC 4.2): an
 * announcement that takes visit requests only. Its own module: the property page's
 * offer button asks it before anything else of the offer rules loads (issue 29 point 5).
 */
export const takesVisitRequests = (offerTypeCode: string): boolean =>
  offerTypeCode === AnnouncementOfferType.VisitRequestOnly;
