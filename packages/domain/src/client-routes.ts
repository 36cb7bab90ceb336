/**
 * The web app's routes (apps/web/src/app/routes.tsx) as react-router patterns: `:name` is one path
 * segment, `:name?` an optional segment. The API serves the app's page on every path, with HTTP 200 on
 * these routes and 404 elsewhere (the app then shows its own not-found page). The web test
 * `client-routes.test.tsx` keeps this list equal to the router's.
 */
export const clientRoutes = [
  '/',
  '/properties',
  '/que-es-casaoferta',
  '/propietarios',
  '/inquilinos',
  '/partners-casaoferta',
  '/privacy-policy',
  '/legal-notice',
  '/cookies-policy',
  '/login',
  '/login-agents',
  '/agents-menu',
  '/agents-messages',
  '/agents-audit',
  '/agents-reports',
  '/agents-validation/:propertyId?',
  '/settings',
  '/confirm-email',
  '/unsubscribe',
  '/dev/outbox',
  '/property/:id',
  '/property/:id/not-found',
  '/new-property/:propertyUuid?',
  '/new-property-publication',
  '/new-announcement-venta/:propertyUuid/:announcementUuid?',
  '/new-announcement-alquiler/:propertyUuid/:announcementUuid?',
  '/new-announcement-alquiler-habitacion/:propertyUuid/:announcementUuid?',
  '/new-announcement/:propertyUuid/:announcementUuid?',
  '/announcement-list',
  '/property-detail/:propertyId',
  '/property/:id/offers/:offerId?',
  '/property/:id/offers/payment/:propertyId',
  '/property/:id/offers/payment/:propertyId/checkout',
  '/payment-in-process/:idAnnouncement/property/:propertyId',
  '/announcement/:announcementId/property/:propertyId/payment/:paymentId/success',
  '/announcement/:announcementId/property/:propertyId/payment/:paymentId/failure',
  '/my-offers',
  '/my-favourites',
  '/offer-detail/:announcementId/:offerId',
  '/conversation/:offerId',
  '/contracts-list',
  '/contract/:id',
  '/my-payments',
  '/profile',
  '/profile/about-me',
  '/profile/co-titulars',
  '/profile/convivence',
  '/profile/guarantors',
  '/profile/laboral-situation',
  '/profile/presentation',
  '/profile/documentation',
  '/404',
  '/not-allowed',
] as const;

/** Routes that are themselves a "not found" page. */
const notFoundPages = new Set<string>(['/404', '/property/:id/not-found']);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** As react-router matches: case-insensitive, a trailing slash allowed. */
const compiled = clientRoutes.map((pattern) => {
  const segments = pattern
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${escapeRegExp(segment)}`;
      return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    });
  return { pattern, regExp: new RegExp(`^${segments.join('')}/?$`, 'i') };
});

/** The route pattern a pathname (no query) matches, or null. */
export const matchClientRoute = (pathname: string): string | null =>
  compiled.find(({ regExp }) => regExp.test(pathname))?.pattern ?? null;

/** The HTTP status of the app's page at this pathname: 200 on its routes, 404 elsewhere and on /404. */
export function clientPageStatus(pathname: string): 200 | 404 {
  const route = matchClientRoute(pathname);
  return route && !notFoundPages.has(route) ? 200 : 404;
}
