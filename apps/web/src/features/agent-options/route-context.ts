import { matchPath } from 'react-router';

/**
 * Where the agent is (SPEC 6 "Agent options by route"): PropertyDetail, OfferDetail, Profile (its
 * 'Documentación' page told apart), or any other route; the announcement form routes also name their
 * property and announcement (SPEC 2.1: "a listing route with param announcementId is also read").
 */
export type RouteContext =
  | { kind: 'property-detail'; propertyId: string }
  | { kind: 'offer-detail'; announcementId: string; offerId: string }
  | { kind: 'profile'; documentation: boolean }
  | { kind: 'announcement-form'; propertyId: string; announcementId: string | null }
  | { kind: 'other' };

const announcementForms = [
  '/new-announcement-venta/:propertyId/:announcementId?',
  '/new-announcement-alquiler/:propertyId/:announcementId?',
  '/new-announcement-alquiler-habitacion/:propertyId/:announcementId?',
  '/new-announcement/:propertyId/:announcementId?',
] as const;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isId = (value: string | undefined): value is string => value !== undefined && uuid.test(value);

export function routeContext(pathname: string): RouteContext {
  const detail = matchPath('/property-detail/:propertyId', pathname);
  if (detail && isId(detail.params.propertyId)) {
    return { kind: 'property-detail', propertyId: detail.params.propertyId };
  }
  const offer = matchPath('/offer-detail/:announcementId/:offerId', pathname);
  if (offer && isId(offer.params.announcementId) && isId(offer.params.offerId)) {
    return {
      kind: 'offer-detail',
      announcementId: offer.params.announcementId,
      offerId: offer.params.offerId,
    };
  }
  if (matchPath({ path: '/profile', end: false }, pathname)) {
    return { kind: 'profile', documentation: matchPath('/profile/documentation', pathname) !== null };
  }
  for (const pattern of announcementForms) {
    const form = matchPath(pattern, pathname);
    if (form && isId(form.params.propertyId)) {
      const announcementId = isId(form.params.announcementId) ? form.params.announcementId : null;
      return { kind: 'announcement-form', propertyId: form.params.propertyId, announcementId };
    }
  }
  return { kind: 'other' };
}
