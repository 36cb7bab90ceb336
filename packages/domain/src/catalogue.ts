/**
 * What the API and the web catalogue must agree on for the landing page written into the HTML: the
 * page size (so the written page is the one the app would fetch) and the card photo's srcset and sizes
 * (so the preload and the <img> pick the same file). No zod here: the catalogue's first load imports it.
 */
export const CATALOGUE_PAGE_SIZE = 24;

export const CARD_IMAGE_SIZES =
  '(min-width: 1200px) 380px, (min-width: 900px) 31vw, (min-width: 640px) 48vw, 100vw';

export const cardImageSrcSet = (image: { thumb: string; card: string }) =>
  `${image.thumb} 320w, ${image.card} 640w`;

/** 'Municipio (Provincia)' as SPEC 2.5 writes a location; either part alone when the other is missing. */
export function placeName(municipality: string | null, province: string | null): string {
  if (municipality && province) return `${municipality} (${province})`;
  return municipality ?? province ?? '';
}
