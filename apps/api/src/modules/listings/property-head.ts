import type { PropertyPage } from '@casaoferta/domain/schemas/listings';
import { isRental } from '@casaoferta/domain/codes';
import { formatEuros } from '@casaoferta/domain/format';
import type { PageHead } from '../../platform/server-render';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The head of a public property page, for what does not run the app: a link shared in a messaging app
 * shows the title, the price and place, and the first photo; search engines read the same.
 * `publicUrl` makes the photo's address absolute (Open Graph needs it); without it, it is left out.
 */
export function propertyHead(property: PropertyPage, publicUrl: string | undefined): PageHead | null {
  const announcement = property.announcement;
  if (!announcement) return null;
  const place = [property.municipalityName, property.provinceName && `(${property.provinceName})`]
    .filter(Boolean)
    .join(' ');
  const description = [
    formatEuros(announcement.price, isRental(announcement.typeCode)),
    place,
    property.rooms === null ? null : `${property.rooms} hab.`,
    property.surfaceM2 === null ? null : `${property.surfaceM2} m²`,
  ]
    .filter(Boolean)
    .join(' · ');
  const image = property.images[0];
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  return {
    // As the app sets it (useDocumentTitle).
    title: `${announcement.title} · Casaoferta`,
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
