import { useId, type ReactNode } from 'react';
import type { PropertyPage } from '@casaoferta/domain/schemas/listings';
import { AnnouncementOfferType, isRental } from '@casaoferta/domain/codes';
import { formatEuros } from '@casaoferta/domain/format';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { buttonClassName } from '../../../shared/ui/button';
import { propertyTexts } from '../property-texts';

type Announcement = NonNullable<PropertyPage['announcement']>;

/** What the page hands the offer button (the app plugs the offer flow in: features do not import each other). */
export interface OfferActionSlot {
  property: PropertyPage;
  /** The note under the button. */
  describedBy: string;
  /** An offer was sent or changed: the page refreshes its highest offer and count. */
  onOfferSent: () => void;
}
export type RenderOfferAction = (slot: OfferActionSlot) => ReactNode;
const t = propertyTexts.price;
const schema = (type: string) => `https://schema.org/${type}`;

/** schema.org microdata of the offer (the CSP forbids inline JSON-LD): price, currency, address. */
function OfferMicrodata({ property, announcement }: { property: PropertyPage; announcement: Announcement }) {
  const rental = isRental(announcement.typeCode);
  const price = announcement.price === null ? null : String(announcement.price);
  return (
    <>
      {price !== null && <meta itemProp="price" content={price} />}
      <meta itemProp="priceCurrency" content="EUR" />
      <link itemProp="availability" href={schema('InStock')} />
      <link
        itemProp="businessFunction"
        href={`http://purl.org/goodrelations/v1#${rental ? 'LeaseOut' : 'Sell'}`}
      />
      {rental && price !== null && (
        <div itemProp="priceSpecification" itemScope itemType={schema('UnitPriceSpecification')}>
          <meta itemProp="price" content={price} />
          <meta itemProp="priceCurrency" content="EUR" />
          <meta itemProp="unitCode" content="MON" />
        </div>
      )}
      <div itemProp="availableAtOrFrom" itemScope itemType={schema('Place')}>
        <div itemProp="address" itemScope itemType={schema('PostalAddress')}>
          {property.street && <meta itemProp="streetAddress" content={property.street} />}
          {property.municipalityName && (
            <meta itemProp="addressLocality" content={property.municipalityName} />
          )}
          {property.provinceName && <meta itemProp="addressRegion" content={property.provinceName} />}
          <meta itemProp="addressCountry" content="ES" />
        </div>
      </div>
    </>
  );
}

export interface PriceBoxProps {
  property: PropertyPage;
  announcement: Announcement;
  renderOfferAction: RenderOfferAction;
  onOfferSent: () => void;
}

/**
 * Price, offers so far and the action: 'Hacer oferta' or 'Solicitar visita' (the offer flow), or for
 * the owner 'Gestionar anuncio'. On phones the action stays at the bottom of the screen
 * (`sticky-action`), with the price beside it.
 */
export function PriceBox({ property, announcement, renderOfferAction, onOfferSent }: PriceBoxProps) {
  const noteId = useId();
  const perMonth = isRental(announcement.typeCode);
  const takesOffers = announcement.offerTypeCode === AnnouncementOfferType.Traditional;
  const price = formatEuros(announcement.price, perMonth);
  // The API sends `owner` only to the owner, who manages the listing instead of bidding on it, and
  // `yourOffer` only to a signed-in candidate: their own offer takes the price's place in the bar.
  const mine = property.yourOffer ?? null;
  const note = property.owner
    ? t.yours
    : mine
      ? mine.isVisitRequest
        ? t.ownVisitNote
        : t.ownOfferNote
      : takesOffers
        ? t.offersNote
        : t.visitsNote;
  return (
    <div className="price-box">
      <div itemProp="offers" itemScope itemType={schema('Offer')}>
        <p className="price-box__label">{takesOffers ? t.reference : t.price}</p>
        <p className="price-box__price">{price}</p>
        <OfferMicrodata property={property} announcement={announcement} />
      </div>
      {takesOffers ? (
        <div className="price-box__offers">
          {announcement.highestOffer === null ? (
            <p>{t.noOffers}</p>
          ) : (
            <p>
              {t.highestOffer}: <strong>{formatEuros(announcement.highestOffer, perMonth)}</strong>
            </p>
          )}
          <p className="muted">{t.offers(announcement.offersCount)}</p>
        </div>
      ) : (
        <p className="price-box__fixed">{t.fixed}</p>
      )}
      <div className={`price-box__action sticky-action${mine ? ' price-box__action--own' : ''}`}>
        {/* The price read aloud is the one above; this copy is for the eye, beside the button. */}
        {!mine && (
          <p className="price-box__action-price" aria-hidden="true">
            {price}
          </p>
        )}
        {property.owner ? (
          <Link
            className={buttonClassName('primary', 'lg', true)}
            to={paths.propertyDetail(property.id)}
            aria-describedby={noteId}
          >
            {t.manage}
          </Link>
        ) : (
          renderOfferAction({ property, describedBy: noteId, onOfferSent })
        )}
      </div>
      <p id={noteId} className="price-box__note">
        {note}
      </p>
    </div>
  );
}
