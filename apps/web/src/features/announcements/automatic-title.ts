import { defaultTitle } from '@casaoferta/domain/titles';
import { announcementTypeOfKind, type AnnouncementKind } from '@casaoferta/domain/announcement-kind';

/** The custom title's placeholder: the title the API gives when the owner writes none. */
export const automaticTitle = (
  kind: AnnouncementKind,
  propertyTypeCode: string | null | undefined,
  municipality: string | null | undefined,
): string => defaultTitle(announcementTypeOfKind[kind], propertyTypeCode, municipality);
