import { lazy, Suspense } from 'react';
import { useMounted } from '../use-mounted';

// The heart, its store and its API calls load after the first paint: the catalogue's first-load
// budget (bench/first-load-js.ts) carries only this wrapper. A heart tapped before logging in is kept
// by the login itself (shared/favourites.ts keepFavouriteOfLogin), not by these pages.
const FavouriteButton = lazy(() => import('./favourite-button'));

/**
 * The heart of a card or a property page (shared/ui/favourite-button.tsx), drawn once the page is in
 * the browser: left out of the server-rendered markup and its hydration (an anonymous render).
 */
export function FavouriteHeart(props: { announcementId: string; title: string; className?: string }) {
  const mounted = useMounted();
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <FavouriteButton {...props} />
    </Suspense>
  );
}
