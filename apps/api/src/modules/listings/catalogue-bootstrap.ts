import type { SearchResponse } from '@casaoferta/domain/schemas/listings';
import { CARD_IMAGE_SIZES, cardImageSrcSet } from '@casaoferta/domain/catalogue';
import type { IndexExtras } from '../../platform/spa';

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
    // Same srcset and sizes as the card's <img>, so the browser downloads the same file once.
    head: image
      ? `<link rel="preload" as="image" imagesrcset="${cardImageSrcSet(image)}" imagesizes="${CARD_IMAGE_SIZES}" fetchpriority="high">`
      : '',
    body: `<script type="application/json" id="initial-search">${safeJson({ key: '', ...page })}</script>`,
  };
}
