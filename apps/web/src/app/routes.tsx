import { Suspense, type ReactNode } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import { AppLayout } from './shell/app-layout';
import { paths } from '../shared/paths';
import { HomeRoute, RedirectLoggedAgent, RequireAgent, RequireLogin } from './guard';
import { useSessionActions } from '../shared/session';
import { PageViews } from './page-views';
import { PageLoading } from '../shared/ui/page-loading';
import { lazyPage } from './lazy-page';

// Every page is its own chunk (ARCHITECTURE.md §2: the catalogue's first load stays under 110 KB).
const PropertiesPage = lazyPage(() => import('../features/catalogue/pages/properties-page'));
const NotFoundPage = lazyPage(() => import('../features/errors/pages/not-found-page'));
const NotAllowedPage = lazyPage(() => import('../features/errors/pages/not-allowed-page'));
const AboutPage = lazyPage(() => import('../features/public/pages/about-page'));
const OwnersPage = lazyPage(() => import('../features/public/pages/owners-page'));
const TenantsPage = lazyPage(() => import('../features/public/pages/tenants-page'));
const PartnersPage = lazyPage(() => import('../features/public/pages/partners-page'));
const PrivacyPolicyPage = lazyPage(() => import('../features/public/pages/privacy-policy-page'));
const LegalNoticePage = lazyPage(() => import('../features/public/pages/legal-notice-page'));
const CookiesPolicyPage = lazyPage(() => import('../features/public/pages/cookies-policy-page'));
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'));
const LoginAgentsPage = lazyPage(() => import('../features/auth/pages/login-agents-page'));
const AgentsMenuPage = lazyPage(() => import('../features/agents/pages/agents-menu-page'));
const AgentsMessagesPage = lazyPage(() => import('../features/agents/pages/agents-messages-page'));
const AgentsAuditPage = lazyPage(() => import('../features/agents/pages/agents-audit-page'));
const AgentsReportsPage = lazyPage(() => import('../features/agents/pages/agents-reports-page'));
// The queue and the review of one property: one chunk and one route (the first load is at its budget).
const ValidationPage = lazyPage(() => import('../features/validation-queue/pages/validation-page'));
const SettingsPage = lazyPage(() => import('../features/settings/pages/settings-page'));
const ConfirmEmailPage = lazyPage(() => import('../features/settings/pages/confirm-email-page'));
const UnsubscribePage = lazyPage(() => import('../features/settings/pages/unsubscribe-page'));
const DevOutboxPage = lazyPage(() => import('../features/dev/pages/dev-outbox-page'));
const PropertyPage = lazyPage(() => import('./property-route'));
const PropertyNotFoundPage = lazyPage(() => import('../features/catalogue/pages/property-not-found-page'));
const NewPropertyPage = lazyPage(() => import('../features/property-form/pages/new-property-page'));
const PublicationPage = lazyPage(() => import('../features/property-form/pages/publication-page'));
const SaleFormPage = lazyPage(() => import('../features/announcements/pages/sale-form-page'));
const RentalFormPage = lazyPage(() => import('../features/announcements/pages/rental-form-page'));
const RoomRentalFormPage = lazyPage(() => import('../features/announcements/pages/room-rental-form-page'));
const NewAnnouncementRedirect = lazyPage(
  () => import('../features/announcements/pages/new-announcement-redirect'),
);
const AnnouncementListPage = lazyPage(() => import('../features/announcements/pages/announcement-list-page'));
const PropertyDetailPage = lazyPage(() => import('../features/announcements/pages/property-detail-page'));
const PropertyOffersPage = lazyPage(() => import('../features/received-offers/pages/property-offers-page'));
const MyOffersPage = lazyPage(() => import('../features/my-offers/pages/my-offers-page'));
const MyFavouritesPage = lazyPage(() => import('../features/favourites/pages/my-favourites-page'));
const PaymentSummaryPage = lazyPage(() => import('../features/payments/pages/payment-summary-page'));
const PaymentCheckoutPage = lazyPage(() => import('../features/payments/pages/payment-checkout-page'));
const PaymentInProcessPage = lazyPage(() => import('../features/payments/pages/payment-in-process-page'));
const PaymentSuccessPage = lazyPage(() => import('../features/payments/pages/payment-success-page'));
const PaymentFailurePage = lazyPage(() => import('../features/payments/pages/payment-failure-page'));
const MyPaymentsPage = lazyPage(() => import('../features/payments/pages/my-payments-page'));
const OfferDetailPage = lazyPage(() => import('../features/my-offers/pages/offer-detail-page'));
const ConversationPage = lazyPage(() => import('../features/messages/pages/conversation-page'));
const ContractsListPage = lazyPage(() => import('../features/contracts/pages/contracts-list-page'));
const ContractPage = lazyPage(() => import('../features/contracts/pages/contract-page'));
// The eight /profile pages: one lazy route that loads the page of the path (profile-route.tsx).
const ProfileRoute = lazyPage(() => import('./profile-route'));

/**
 * Pages the server renders (entry-server.tsx): main.tsx loads the page's chunk before the app takes the
 * markup over, so the page replaces it in one commit, with no loader in between.
 */
export function preloadServerRenderedPage(pathname: string): Promise<void> {
  if (pathname === paths.properties || pathname === paths.home) return PropertiesPage.preload();
  if (matchPath(paths.propertyPattern, pathname)) return PropertyPage.preload();
  return Promise.resolve();
}

/** Pages of logged users (SPEC 2.2), by route pattern. */
const ownerPages: [string, ReactNode][] = [
  ['/new-property/:propertyUuid?', <NewPropertyPage key="new-property" />],
  ['/new-property-publication', <PublicationPage key="publication" />],
  ['/new-announcement-venta/:propertyUuid/:announcementUuid?', <SaleFormPage key="sale" />],
  ['/new-announcement-alquiler/:propertyUuid/:announcementUuid?', <RentalFormPage key="rental" />],
  [
    '/new-announcement-alquiler-habitacion/:propertyUuid/:announcementUuid?',
    <RoomRentalFormPage key="room" />,
  ],
  ['/new-announcement/:propertyUuid/:announcementUuid?', <NewAnnouncementRedirect key="redirect" />],
  [paths.announcementList, <AnnouncementListPage key="list" />],
  ['/property-detail/:propertyId', <PropertyDetailPage key="detail" />],
  ['/property/:id/offers/:offerId?', <PropertyOffersPage key="offers" />],
  ['/property/:id/offers/payment/:propertyId', <PaymentSummaryPage key="payment" />],
  ['/property/:id/offers/payment/:propertyId/checkout', <PaymentCheckoutPage key="checkout" />],
  ['/payment-in-process/:idAnnouncement/property/:propertyId', <PaymentInProcessPage key="in-process" />],
  [
    '/announcement/:announcementId/property/:propertyId/payment/:paymentId/success',
    <PaymentSuccessPage key="payment-success" />,
  ],
  [
    '/announcement/:announcementId/property/:propertyId/payment/:paymentId/failure',
    <PaymentFailurePage key="payment-failure" />,
  ],
  [paths.myOffers, <MyOffersPage key="my-offers" />],
  [paths.myFavourites, <MyFavouritesPage key="my-favourites" />],
  ['/offer-detail/:announcementId/:offerId', <OfferDetailPage key="offer-detail" />],
  ['/conversation/:offerId', <ConversationPage key="conversation" />],
  [paths.contractsList, <ContractsListPage key="contracts-list" />],
  ['/contract/:id', <ContractPage key="contract" />],
  [paths.myPayments, <MyPaymentsPage key="my-payments" />],
  ...[
    paths.profile,
    '/profile/about-me',
    '/profile/co-titulars',
    '/profile/convivence',
    '/profile/guarantors',
    '/profile/laboral-situation',
    '/profile/presentation',
    '/profile/documentation',
  ].map((path): [string, ReactNode] => [path, <ProfileRoute key="profile" />]),
];

/**
 * SPEC 2.1 routes as they get built. A route whose issue has not landed is not declared, so it falls
 * to /404 honestly; protected prefixes still pass through the guard first (SPEC 2.2).
 */
export function AppRoutes() {
  const { logout } = useSessionActions();
  return (
    <>
      <PageViews />
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route element={<AppLayout onLogout={() => void logout()} />}>
            <Route
              index
              element={
                <HomeRoute>
                  <PropertiesPage />
                </HomeRoute>
              }
            />
            <Route path={paths.properties} element={<PropertiesPage />} />
            <Route path={paths.about} element={<AboutPage />} />
            <Route path={paths.owners} element={<OwnersPage />} />
            <Route path={paths.tenants} element={<TenantsPage />} />
            <Route path={paths.partners} element={<PartnersPage />} />
            <Route path={paths.privacyPolicy} element={<PrivacyPolicyPage />} />
            <Route path={paths.legalNotice} element={<LegalNoticePage />} />
            <Route path={paths.cookiesPolicy} element={<CookiesPolicyPage />} />
            <Route path={paths.login} element={<LoginPage />} />
            <Route
              path={paths.loginAgents}
              element={
                <RedirectLoggedAgent>
                  <LoginAgentsPage />
                </RedirectLoggedAgent>
              }
            />
            <Route
              path={paths.agentsMenu}
              element={
                <RequireAgent>
                  <AgentsMenuPage />
                </RequireAgent>
              }
            />
            <Route
              path={paths.agentsMessages}
              element={
                <RequireAgent>
                  <AgentsMessagesPage />
                </RequireAgent>
              }
            />
            <Route
              path={paths.agentsReports}
              element={
                <RequireAgent>
                  <AgentsReportsPage />
                </RequireAgent>
              }
            />
            <Route
              path={paths.agentsAudit}
              element={
                <RequireAgent>
                  <AgentsAuditPage />
                </RequireAgent>
              }
            />
            <Route
              path="/agents-validation/:propertyId?"
              element={
                <RequireAgent>
                  <ValidationPage />
                </RequireAgent>
              }
            />
            <Route
              path={paths.settings}
              element={
                <RequireLogin>
                  <SettingsPage />
                </RequireLogin>
              }
            />
            <Route path={paths.confirmEmail} element={<ConfirmEmailPage />} />
            <Route path={paths.unsubscribe} element={<UnsubscribePage />} />
            <Route path={paths.devOutbox} element={<DevOutboxPage />} />
            <Route path={paths.propertyPattern} element={<PropertyPage />} />
            <Route path="/property/:id/not-found" element={<PropertyNotFoundPage />} />
            {ownerPages.map(([path, page]) => (
              <Route key={path} path={path} element={<RequireLogin>{page}</RequireLogin>} />
            ))}
            <Route path={paths.notFound} element={<NotFoundPage />} />
            <Route path={paths.notAllowed} element={<NotAllowedPage />} />
            <Route path="*" element={<RequireLogin fallback={<Navigate to={paths.notFound} replace />} />} />
          </Route>
        </Routes>
      </Suspense>
    </>
  );
}
