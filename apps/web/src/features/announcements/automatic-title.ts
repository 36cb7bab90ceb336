import { defaultTitle } from '@casaoferta/domain/titles';
import { listingKinds } from '@casaoferta/domain/schemas/listings';
import type { AnnouncementKind } from './kinds';

/** The custom title's placeholder: the title the API gives when the owner writes none. */
export const automaticTitle = (
  kind: AnnouncementKind,
  propertyTypeCode: string | null | undefined,
  municipality: string | null | undefined,
): string => defaultTitle(listingKinds[kind], propertyTypeCode, municipality);
