import { foldForSearch } from '@casaoferta/domain/text';

/** The folded text the catalogue's free search matches: title, places and street. */
export const announcementSearchText = (parts: (string | null | undefined)[]): string =>
  foldForSearch(parts.filter(Boolean).join(' '));
