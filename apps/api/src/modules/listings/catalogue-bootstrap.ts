import type { SearchResponse } from '@casaoferta/domain/schemas/listings';
import type { IndexExtras } from '../../platform/spa';

/** The page size of the web catalogue (apps/web/src/features/catalogue/api/search-announcements.ts). */
export const CATALOGUE_PAGE_SIZE = 24;

const cardSizes = '(min-width: 1200px) 380px, (min-width: 900px) 31vw, (min-width: 640px) 48vw, 100vw';

/** JSON inside <script type="application/json">: `<` escaped so the text can never close the tag. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * For /properties without filters: the first page of results as a JSON data block (not executed, so
 * the CSP stays `script-src 'self'`) and a preload of the first photo, so the largest paint does not
 * wait for the app to ask for them.
 */
export function catalogueBootstrap(page: SearchResponse): IndexExtras {
  const image = page.items[0]?.image;
  return {
    // Same srcset and sizes as the card's <img> (features/catalogue/components/announcement-card.tsx),
    // so the browser picks the same file and downloads it once.
    head: image
      ? `<link rel="preload" as="image" imagesrcset="${image.thumb} 320w, ${image.card} 640w" imagesizes="${cardSizes}" fetchpriority="high">`
      : '',
    body: `<script type="application/json" id="initial-search">${safeJson({ key: '', ...page })}</script>`,
  };
}
