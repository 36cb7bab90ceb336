import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AppLayout } from './shell/app-layout';
import { paths } from './paths';
import { RequireLogin } from './guard';
import { PageViews } from './page-views';
import { PageLoading } from './page-loading';
import { lazyPage } from './lazy-page';

// Every page is its own chunk (ARCHITECTURE.md §2: the catalogue's first load stays under 110 KB).
const PropertiesPage = lazy(lazyPage(() => import('../features/catalogue/pages/properties-page')));
const NotFoundPage = lazy(lazyPage(() => import('../features/errors/pages/not-found-page')));
const NotAllowedPage = lazy(lazyPage(() => import('../features/errors/pages/not-allowed-page')));
const AboutPage = lazy(lazyPage(() => import('../features/public/pages/about-page')));
const OwnersPage = lazy(lazyPage(() => import('../features/public/pages/owners-page')));
const TenantsPage = lazy(lazyPage(() => import('../features/public/pages/tenants-page')));
const PartnersPage = lazy(lazyPage(() => import('../features/public/pages/partners-page')));
const PrivacyPolicyPage = lazy(lazyPage(() => import('../features/public/pages/privacy-policy-page')));
const LegalNoticePage = lazy(lazyPage(() => import('../features/public/pages/legal-notice-page')));
const CookiesPolicyPage = lazy(lazyPage(() => import('../features/public/pages/cookies-policy-page')));

/**
 * SPEC 2.1 routes as they get built. A route whose issue has not landed is not declared, so it falls
 * to /404 honestly; protected prefixes still pass through the guard first (SPEC 2.2).
 */
export function AppRoutes() {
  return (
    <>
      <PageViews />
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route element={<AppLayout />}>
            <Route index element={<Navigate to={paths.announcementList} replace />} />
            <Route path={paths.properties} element={<PropertiesPage />} />
            <Route path={paths.about} element={<AboutPage />} />
            <Route path={paths.owners} element={<OwnersPage />} />
            <Route path={paths.tenants} element={<TenantsPage />} />
            <Route path={paths.partners} element={<PartnersPage />} />
            <Route path={paths.privacyPolicy} element={<PrivacyPolicyPage />} />
            <Route path={paths.legalNotice} element={<LegalNoticePage />} />
            <Route path={paths.cookiesPolicy} element={<CookiesPolicyPage />} />
            <Route path={paths.notFound} element={<NotFoundPage />} />
            <Route path={paths.notAllowed} element={<NotAllowedPage />} />
            <Route path="*" element={<RequireLogin fallback={<Navigate to={paths.notFound} replace />} />} />
          </Route>
        </Routes>
      </Suspense>
    </>
  );
}
