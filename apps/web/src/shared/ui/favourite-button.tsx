import { useFavourite } from '../favourites';
import { favouriteTexts as t } from '../favourite-texts';

/**
 * The heart of a card or a property page (loaded lazily: favourite-heart.tsx, the catalogue's card): a toggle button (aria-pressed) named for what it does; a
 * visitor's tap leads to the login, which comes back and keeps the favourite.
 */
export default function FavouriteButton({
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
  if (!available) return null;
  return (
    <button
      type="button"
      className={`favourite-button ${isFavourite ? 'favourite-button--on' : ''} ${className}`.trim()}
      aria-pressed={isFavourite}
      aria-label={`${isFavourite ? t.remove : t.add}: ${title}`}
      onClick={toggle}
    >
      <svg
        width={22}
        height={22}
        viewBox="0 0 24 24"
        fill={isFavourite ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.6 8.1 3.4 4.5 7 4.5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.6 0 5.4 3.6 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" />
      </svg>
    </button>
  );
}
