import { useFavourite } from '../favourites';
import { favouriteTexts as t } from '../favourite-texts';
import { useMounted } from '../use-mounted';
import { HeartIcon } from './icons';

/**
 * The heart of a card or a property page: a toggle button (aria-pressed) named for what it does; a
 * visitor's tap leads to the login, which comes back and keeps the favourite.
 */
export function FavouriteButton({
  announcementId,
  title,
  className = '',
}: {
  announcementId: string;
  /** The announcement's title: the button says which one it saves ("Guardar en favoritos: …"). */
  title: string;
  className?: string;
}) {
  const { isFavourite, toggle, available } = useFavourite(announcementId);
  // Left out of the server-rendered page and its hydration (an anonymous render): drawn right after.
  const mounted = useMounted();
  if (!available || !mounted) return null;
  return (
    <button
      type="button"
      className={`favourite-button ${isFavourite ? 'favourite-button--on' : ''} ${className}`.trim()}
      aria-pressed={isFavourite}
      aria-label={`${isFavourite ? t.remove : t.add}: ${title}`}
      onClick={toggle}
    >
      <HeartIcon filled={isFavourite} />
    </button>
  );
}
