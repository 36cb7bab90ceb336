import { CARD_IMAGE_SIZES, cardImageSrcSet } from '@casaoferta/domain/catalogue';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useMounted } from '../../../shared/use-mounted';
import type { AnnouncementCard as Card } from '@casaoferta/domain/schemas/listings';
import { AnnouncementOfferType, isRental } from '@casaoferta/domain/codes';
import { formatEuros, formatNumber } from '@casaoferta/domain/format';
import { paths } from '../../../shared/paths';
import { catalogueTexts } from '../texts';
import { placeName } from '@casaoferta/domain/catalogue';

const t = catalogueTexts.card;

/**
 * The heart (shared/ui/favourite-button.tsx) loads after the first paint, and only in the browser. Written here, not imported from a
 * module the property page shares: a shared one became a chunk of its own on the catalogue's first load
 * (bench/first-load-js.ts).
 */
const FavouriteButton = lazy(() => import('../../../shared/ui/favourite-button'));

function FavouriteHeart(props: { announcementId: string; title: string; className: string }) {
  // Left out of the server-rendered markup and its hydration (an anonymous render): drawn right after.
  const mounted = useMounted();
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <FavouriteButton {...props} />
    </Suspense>
  );
}

/** Card image box (4:3); the explicit size keeps the layout still while the photo arrives. */
const CARD_WIDTH = 640;
const CARD_HEIGHT = 480;

export interface AnnouncementCardProps {
  card: Card;
  /**
   * The first card is the page's largest paint: its photo loads at once and first. The others are
   * lazy: on a phone they are below the fold, and the first photo gets the bandwidth.
   */
  priority?: boolean;
  /** The catalogue URL to return to from the property page (its filters). */
  backTo?: string;
}

function OfferLine({ card }: { card: Card }) {
  if (card.offerTypeCode === AnnouncementOfferType.VisitRequestOnly) {
    return <p className="listing-card__offers">{t.visitsOnly}</p>;
  }
  if (card.offerTypeCode !== AnnouncementOfferType.Traditional) return null;
  const perMonth = isRental(card.typeCode);
  return (
    <p className="listing-card__offers">
      <span>
        {card.highestOffer === null ? t.noOffers : t.highestOffer(formatEuros(card.highestOffer, perMonth))}
      </span>
      <span className="listing-card__count">{t.offers(card.offersCount)}</span>
    </p>
  );
}

export function AnnouncementCard({ card, priority, backTo }: AnnouncementCardProps) {
  const facts = [
    card.rooms === null ? null : t.rooms(card.rooms),
    card.bathrooms === null ? null : t.bathrooms(card.bathrooms),
    card.surfaceM2 === null ? null : t.surface(formatNumber(card.surfaceM2)),
  ].filter((fact) => fact !== null);
  const location = placeName(card.municipalityName, card.provinceName);
  return (
    <article className="listing-card">
      <div className="listing-card__media" style={{ backgroundColor: card.image?.color }}>
        {card.image ? (
          <img
            src={card.image.card}
            srcSet={cardImageSrcSet(card.image)}
            sizes={CARD_IMAGE_SIZES}
            width={CARD_WIDTH}
            height={CARD_HEIGHT}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
          />
        ) : (
          <span className="listing-card__no-photo">{t.noPhoto}</span>
        )}
        <FavouriteHeart announcementId={card.id} title={card.title} className="listing-card__favourite" />
      </div>
      <div className="listing-card__body">
        <p className="listing-card__price">
          {formatEuros(card.price, isRental(card.typeCode))}
          {card.priceDrop !== null && (
            <span className="listing-card__drop">{t.priceDrop(formatEuros(card.priceDrop))}</span>
          )}
        </p>
        <OfferLine card={card} />
        <h3 className="listing-card__title">
          <Link
            to={paths.property(card.propertyId)}
            state={backTo ? { backTo } : undefined}
            className="listing-card__link"
          >
            {card.title}
          </Link>
        </h3>
        {location && <p className="listing-card__place">{location}</p>}
        {facts.length > 0 && <p className="listing-card__facts">{facts.join(' · ')}</p>}
      </div>
    </article>
  );
}

/** A placeholder of the same size as a card, shown while the first page loads. */
export function AnnouncementCardSkeleton() {
  return (
    <div className="listing-card listing-card--skeleton" aria-hidden="true">
      <div className="listing-card__media" />
      <div className="listing-card__body">
        <span className="skeleton-line skeleton-line--price" />
        <span className="skeleton-line" />
        <span className="skeleton-line skeleton-line--wide" />
        <span className="skeleton-line skeleton-line--wide" />
        <span className="skeleton-line" />
        <span className="skeleton-line" />
      </div>
    </div>
  );
}
