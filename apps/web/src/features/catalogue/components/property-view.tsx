import type { PropertyPage } from '@casaoferta/domain/schemas/listings';
import { AnnouncementStatus } from '@casaoferta/domain/codes';
import { labelFor } from '../labels';
import { placeName } from '@casaoferta/domain/catalogue';
import { propertyTexts } from '../property-texts';
import { FeatureList, KeyFacts } from './facts';
import { Gallery } from './gallery';
import { KindDetails } from './kind-details';
import { PriceBox, type RenderOfferAction } from './price-box';
import { priceChangeLine } from '@casaoferta/domain/rules/price-history';
import { FavouriteHeart } from '../../../shared/ui/favourite-heart';

const t = propertyTexts;

/** The announcement's title, or for an owner's property without one, its type and place. */
export function propertyTitle(property: PropertyPage): string {
  if (property.announcement) return property.announcement.title;
  return [labelFor(property.propertyTypeCode), property.municipalityName].filter(Boolean).join(', ');
}

export interface PropertyViewProps {
  property: PropertyPage;
  renderOfferAction: RenderOfferAction;
  onOfferSent: () => void;
}

/** The public page of a property, marked up as a schema.org Product with its Offer. */
export function PropertyView({ property, renderOfferAction, onOfferSent }: PropertyViewProps) {
  const { announcement } = property;
  const title = propertyTitle(property);
  const place = placeName(property.municipalityName, property.provinceName);
  const status = announcement?.statusCode;
  const now = new Date();
  return (
    <article className="property" itemScope itemType="https://schema.org/Product">
      <div className="property__gallery">
        <Gallery images={property.images} title={title} />
      </div>
      <header className="property__header">
        <div className="property__title-row">
          <h1 className="property__title" itemProp="name">
            {title}
          </h1>
          {announcement && status === AnnouncementStatus.Validated && (
            <FavouriteHeart announcementId={announcement.id} title={title} />
          )}
        </div>
        <p className="property__place">{[place, property.street].filter(Boolean).join(' · ')}</p>
        <p className="property__reference">
          {t.reference(property.reference)}
          {property.ownerVerified && <span className="badge property__verified">{t.ownerVerified}</span>}
        </p>
        <meta itemProp="sku" content={property.reference} />
        {property.images.map((image) => (
          <link key={image.id} itemProp="image" href={image.gallery} />
        ))}
        {status && status !== AnnouncementStatus.Validated && (
          <p className="alert">{t.notPublished(labelFor(status) ?? status)}</p>
        )}
      </header>
      {announcement && (
        <aside className="property__aside" aria-label={t.price.region}>
          <PriceBox
            property={property}
            announcement={announcement}
            renderOfferAction={renderOfferAction}
            onOfferSent={onOfferSent}
          />
        </aside>
      )}
      <section className="property__section">
        <h2 className="property__heading">{t.sections.facts}</h2>
        <KeyFacts property={property} />
      </section>
      {property.features.length > 0 && (
        <section className="property__section">
          <h2 className="property__heading">{t.sections.features}</h2>
          <FeatureList codes={property.features} />
        </section>
      )}
      {announcement && announcement.priceHistory.length > 0 && (
        <section className="property__section" aria-labelledby="price-history-title">
          <h2 id="price-history-title" className="property__heading">
            {t.sections.priceHistory}
          </h2>
          <ul className="property__price-history">
            {announcement.priceHistory.map((change) => (
              <li key={`${change.changedAt}-${change.newPrice}`}>{priceChangeLine(change, now)}</li>
            ))}
          </ul>
        </section>
      )}
      {announcement?.description && (
        <section className="property__section">
          <h2 className="property__heading">{t.sections.description}</h2>
          <p className="property__description" itemProp="description">
            {announcement.description}
          </p>
        </section>
      )}
      {announcement && <KindDetails announcement={announcement} />}
    </article>
  );
}
