import type { PropertyPage as OwnerProperty } from '@casaoferta/domain/schemas/listings';
import { valuesFromProperty } from '../property-values';
import { addressLines, characteristicRows } from '../summary';
import { propertyFormTexts } from '../texts';
import { AddressLines, PropertyFacts } from './property-facts';

const t = propertyFormTexts;

/** The property as the owner entered it: photos (cover first), address and characteristics. */
export function PropertyOverview({ property }: { property: OwnerProperty }) {
  const source = {
    ...valuesFromProperty(property),
    provinceName: property.provinceName,
    municipalityName: property.municipalityName,
  };
  return (
    <section className="card card--flat stack" aria-labelledby="property-overview-title">
      <h2 id="property-overview-title" className="card__title">
        {t.publication.property}
      </h2>
      {property.images.length > 0 && (
        <ol className="plain-list photo-grid photo-grid--compact" aria-label={t.photos.listLabel}>
          {property.images.map((image, index) => (
            <li key={image.id} className="photo-grid__item">
              <figure className="photo-grid__figure">
                <img
                  src={image.thumb}
                  alt={t.photos.photoAlt(index + 1)}
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                />
                {index === 0 && <figcaption className="badge photo-grid__cover">{t.photos.cover}</figcaption>}
              </figure>
            </li>
          ))}
        </ol>
      )}
      <AddressLines lines={addressLines(source)} />
      <PropertyFacts rows={characteristicRows(source)} />
    </section>
  );
}
