/** Every route of the SPA (SPEC 2.1) and its href builder. Components never write path literals. */
export const paths = {
  home: '/',
  notFound: '/404',
  notAllowed: '/not-allowed',
  login: '/login',
  loginAgents: '/login-agents',
  agentsMenu: '/agents-menu',
  properties: '/properties',
  property: (id: string) => `/property/${id}`,
  announcementList: '/announcement-list',
  myOffers: '/my-offers',
  contractsList: '/contracts-list',
  contract: (id: string) => `/contract/${id}`,
  newProperty: (section?: 'venta' | 'alquiler' | 'alquiler habitacion') =>
    section ? `/new-property?section=${encodeURIComponent(section)}` : '/new-property',
  profile: '/profile',
  settings: '/settings',
  devOutbox: '/dev/outbox',
  // Public pages (SPEC 2.1: the first and the partners page carry the product's name).
  about: '/que-es-casaoferta',
  owners: '/propietarios',
  tenants: '/inquilinos',
  partners: '/partners-casaoferta',
  privacyPolicy: '/privacy-policy',
  legalNotice: '/legal-notice',
  cookiesPolicy: '/cookies-policy',
} as const;

/** SPEC 2.2: prefixes that need a logged-in user. */
export const protectedPrefixes = [
  '/profile',
  '/my-offers',
  '/announcement-list',
  '/new-property',
  '/new-announcement',
  '/contracts-list',
  '/contract',
  '/property-detail',
  '/settings',
  '/offer-detail',
] as const;

export const isProtectedPath = (pathname: string): boolean =>
  protectedPrefixes.some((prefix) => pathname.startsWith(prefix));
