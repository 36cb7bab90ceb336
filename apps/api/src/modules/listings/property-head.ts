import type { PropertyPage } from '@casaoferta/domain/schemas/listings';
import { isRental } from '@casaoferta/domain/codes';
import { formatEuros } from '@casaoferta/domain/format';
import { escapeHtml, type PageHead } from '../../platform/server-render';
import { placeName } from '@casaoferta/domain/catalogue';
import { documentTitle } from '@casaoferta/domain/titles';

/** Spanish texts of the page's head (the description's parts). */
const texts = {
  rooms: (n: number) => `${n} hab.`,
  surface: (m2: number) => `${m2} m²`,
} as const;

/**
 * The head of a public property page, for what does not run the app: a link shared in a messaging app
 * shows the title, the price and place, and the first photo; search engines read the same.
 * `publicUrl` makes the photo's address absolute (Open Graph needs it); without it, it is left out.
 */
export function propertyHead(property: PropertyPage, publicUrl: string | undefined): PageHead | null {
  const announcement = property.announcement;
  if (!announcement) return null;
  const description = [
    formatEuros(announcement.price, isRental(announcement.typeCode)),
    placeName(property.municipalityName, property.provinceName),
    property.rooms === null ? null : texts.rooms(property.rooms),
    property.surfaceM2 === null ? null : texts.surface(property.surfaceM2),
  ]
    .filter(Boolean)
    .join(' · ');
  const image = property.images[0];
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  return {
    title: documentTitle(announcement.title),
    tags: [
      meta('name', 'description', description),
      meta('property', 'og:type', 'website'),
      meta('property', 'og:site_name', 'Casaoferta'),
      meta('property', 'og:title', announcement.title),
      meta('property', 'og:description', description),
      image && publicUrl ? meta('property', 'og:image', new URL(image.gallery, publicUrl).href) : '',
    ].join(''),
  };
}
