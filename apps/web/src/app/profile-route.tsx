import { matchPath, useLocation } from 'react-router';
import { lazyPage, type LazyPage } from './lazy-page';

// The profile's pages, one chunk each, behind this one lazy route: the app shell carries a single import for
// the eight /profile paths (the catalogue's first load has no room for eight).
const profilePages: readonly [string, LazyPage][] = [
  ['/profile', lazyPage(() => import('../features/profile/pages/profile-page'))],
  ['/profile/about-me', lazyPage(() => import('../features/profile/pages/about-me-page'))],
  ['/profile/co-titulars', lazyPage(() => import('../features/profile/pages/co-titulars-page'))],
  ['/profile/convivence', lazyPage(() => import('../features/profile/pages/convivence-page'))],
  ['/profile/guarantors', lazyPage(() => import('../features/profile/pages/guarantors-page'))],
  ['/profile/laboral-situation', lazyPage(() => import('../features/profile/pages/laboral-situation-page'))],
  ['/profile/presentation', lazyPage(() => import('../features/profile/pages/presentation-page'))],
  [
    '/profile/documentation',
    lazyPage(() => import('../features/profile-documents/pages/documentation-page')),
  ],
];

/** The /profile route patterns, as the router declares them. */
export const profilePaths: readonly string[] = profilePages.map(([path]) => path);

/** Renders the profile page of the current path (the router only sends /profile paths here). */
export default function ProfileRoute() {
  const { pathname } = useLocation();
  const Page = profilePages.find(([path]) => matchPath(path, pathname))?.[1];
  return Page ? <Page /> : null;
}
