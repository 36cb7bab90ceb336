import { AnnouncementType } from '@casaoferta/domain/codes';

/** What the owner wants to do with the property (SPEC 2.1 /new-property?section=…). */
export const propertySections = ['venta', 'alquiler', 'alquiler habitacion'] as const;
export type PropertySection = (typeof propertySections)[number];

export const parseSection = (value: string | null | undefined): PropertySection | undefined =>
  propertySections.find((section) => section === value);

const announcementKinds = {
  venta: 'venta',
  alquiler: 'alquiler',
  'alquiler habitacion': 'habitacion',
} as const satisfies Record<PropertySection, 'venta' | 'alquiler' | 'habitacion'>;

/** The announcement form each section continues to (paths.newAnnouncement). */
export const announcementKindOf = (section: PropertySection) => announcementKinds[section];

/** The section of an announcement's type (ATY003 sale, ATY001 room, else a whole home). */
export const sectionOfType = (typeCode: string): PropertySection =>
  typeCode === AnnouncementType.Sale
    ? 'venta'
    : typeCode === AnnouncementType.RoomRental
      ? 'alquiler habitacion'
      : 'alquiler';
