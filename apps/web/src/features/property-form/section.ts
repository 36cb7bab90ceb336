import {
  announcementKindOfSection,
  announcementKinds,
  type AnnouncementKind,
} from '@casaoferta/domain/announcement-kind';

/**
 * What the owner wants to do with the property (SPEC 2.1 /new-property?section=…): the kind of the
 * announcement that follows. Read from the URL's `section` value, or from a stored draft (which keeps the
 * kind, or the section value drafts kept before).
 */
export const parseSection = (value: string | null | undefined): AnnouncementKind | undefined =>
  announcementKinds.find((kind) => kind === value) ?? announcementKindOfSection(value);
