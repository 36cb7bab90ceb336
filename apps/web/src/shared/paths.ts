import {
  announcementRouteSegment,
  announcementSection,
  type AnnouncementKind,
} from '@casaoferta/domain/announcement-kind';

/** Every route of the SPA (SPEC 2.1) and its href builder. Components never write path literals. */
export const paths = {
  home: '/',
  notFound: '/404',
  notAllowed: '/not-allowed',
  login: '/login',
  /** /login with its SPEC 2.1 queries; see features/auth/redirect.ts for how they are read. */
  loginWith: (query: { redirectTo?: string; register?: boolean; afterAction?: string; from?: string }) => {
    const params = new URLSearchParams();
    if (query.register) params.set('register', 'true');
    if (query.redirectTo) params.set('redirectTo', query.redirectTo);
    if (query.afterAction) params.set('afterAction', query.afterAction);
    if (query.from) params.set('from', query.from);
    const search = params.toString();
    return search ? `/login?${search}` : '/login';
  },
  loginAgents: '/login-agents',
  agentsMenu: '/agents-menu',
  agentsMessages: '/agents-messages',
  agentsAudit: '/agents-audit',
  /** The reported conversations (decision 038). */
  agentsReports: '/agents-reports',
  /** The agents' validation queue, or with `propertyId` the review of one property (agents only). */
  agentsValidation: (propertyId?: string) => `/agents-validation${propertyId ? `/${propertyId}` : ''}`,
  properties: '/properties',
  /** /properties with a catalogue query (see features/catalogue/filters.ts for its parameters). */
  propertiesWith: (query: URLSearchParams | string) => {
    const search = query.toString();
    return search ? `/properties?${search}` : '/properties';
  },
  property: (id: string) => `/property/${id}`,
  /** Route pattern of the property page. */
  propertyPattern: '/property/:id',
  propertyNotFound: (id: string) => `/property/${id}/not-found`,
  announcementList: '/announcement-list',
  myOffers: '/my-offers',
  /** "Mis favoritos" (issue 26). */
  myFavourites: '/my-favourites',
  /** A candidate's offer: its terms and timeline (SPEC 2.1 /offer-detail/{announcementId}/{offerId}). */
  offerDetail: (announcementId: string, offerId: string) => `/offer-detail/${announcementId}/${offerId}`,
  /** The conversation of an offer between its owner and its candidate, for both (decision 038). */
  conversation: (offerId: string) => `/conversation/${offerId}`,
  /** The owner's offers of a property's announcement, one opened when `offerId` is given. */
  propertyOffers: (propertyId: string, offerId?: string) =>
    `/property/${propertyId}/offers${offerId ? `/${offerId}` : ''}`,
  /**
   * Payment of an announcement (issue 13, SPEC 2.1): its summary, checkout, waiting page and results.
   * In /property/{id}/offers/payment/{propertyId} the first id is the announcement paid.
   */
  paymentSummary: (announcementId: string, propertyId: string) =>
    `/property/${announcementId}/offers/payment/${propertyId}`,
  paymentCheckout: (announcementId: string, propertyId: string) =>
    `/property/${announcementId}/offers/payment/${propertyId}/checkout`,
  paymentInProcess: (announcementId: string, propertyId: string) =>
    `/payment-in-process/${announcementId}/property/${propertyId}`,
  paymentResult: (announcementId: string, propertyId: string, paymentId: string, ok: boolean) =>
    `/announcement/${announcementId}/property/${propertyId}/payment/${paymentId}/${ok ? 'success' : 'failure'}`,
  contractsList: '/contracts-list',
  myPayments: '/my-payments',
  contract: (id: string) => `/contract/${id}`,
  /** /new-property, with the SPEC 2.1 `section` of the announcement to follow. */
  newProperty: (kind?: AnnouncementKind) =>
    kind ? `/new-property?section=${encodeURIComponent(announcementSection[kind])}` : '/new-property',
  /** Owner view of a property: its validation and its announcements. */
  propertyDetail: (propertyId: string) => `/property-detail/${propertyId}`,
  /** Edit an existing property (/new-property/{propertyUuid}). */
  editProperty: (propertyId: string) => `/new-property/${propertyId}`,
  /** Announcement form of a kind, for a property; with announcementId it edits that announcement. */
  newAnnouncement: (kind: AnnouncementKind, propertyId: string, announcementId?: string) =>
    `/new-announcement-${announcementRouteSegment[kind]}/${propertyId}${announcementId ? `/${announcementId}` : ''}`,
  /** Publication step of an announcement (/new-property-publication). */
  publication: (announcementId: string) =>
    `/new-property-publication?announcementId=${encodeURIComponent(announcementId)}`,
  profile: '/profile',
  settings: '/settings',
  /** The links of e-mails (issue 12): they work without a session. */
  confirmEmail: '/confirm-email',
  unsubscribe: '/unsubscribe',
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
  '/my-favourites',
  '/announcement-list',
  '/new-property',
  '/new-announcement',
  '/contracts-list',
  '/contract',
  '/my-payments',
  '/property-detail',
  '/settings',
  '/offer-detail',
] as const;

export const isProtectedPath = (pathname: string): boolean =>
  protectedPrefixes.some((prefix) => pathname.startsWith(prefix));
