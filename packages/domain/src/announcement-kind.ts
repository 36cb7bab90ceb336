import { AnnouncementType, type AnnouncementTypeCode } from './codes';

/**
 * The three kinds of announcement (SPEC 2.3): a sale, a whole-home rental, a room rental. The one name
 * for the idea on both sides; type codes, route segments and `section` values are its encodings.
 */
export const announcementKinds = ['sale', 'rental', 'room'] as const;
export type AnnouncementKind = (typeof announcementKinds)[number];

/** The announcement type code each kind is stored as. */
export const announcementTypeOfKind: Readonly<Record<AnnouncementKind, AnnouncementTypeCode>> = {
  sale: AnnouncementType.Sale,
  rental: AnnouncementType.Rental,
  room: AnnouncementType.RoomRental,
};

/** ATY003 is a sale, ATY001 a room; anything else (ATY002, ATY000) is a whole-home rental (SPEC 4.1). */
export function announcementKindOfType(typeCode: string | null | undefined): AnnouncementKind {
  if (typeCode === AnnouncementType.Sale) return 'sale';
  if (typeCode === AnnouncementType.RoomRental) return 'room';
  return 'rental';
}

/** Rental prices are per month (SPEC 1). */
export const isMonthlyKind = (kind: AnnouncementKind): boolean => kind !== 'sale';

/** SPEC 2.1: the announcement form of a kind is /new-announcement-{segment}/{propertyUuid}/{announcementUuid?}. */
export const announcementRouteSegment = {
  sale: 'venta',
  rental: 'alquiler',
  room: 'alquiler-habitacion',
} as const satisfies Record<AnnouncementKind, string>;

/** SPEC 2.1: /new-property?section= takes venta, alquiler or alquiler habitacion. */
export const announcementSection = {
  sale: 'venta',
  rental: 'alquiler',
  room: 'alquiler habitacion',
} as const satisfies Record<AnnouncementKind, string>;

/** The kind a `section` query value names, if it names one. */
export const announcementKindOfSection = (value: string | null | undefined): AnnouncementKind | undefined =>
  announcementKinds.find((kind) => announcementSection[kind] === value);
