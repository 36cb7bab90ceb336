import { AnnouncementType } from '@casaoferta/domain/codes';
import type { PriceKind } from '@casaoferta/domain/rules/price-bounds';

/** The three announcement forms, named as their routes and paths.newAnnouncement name them. */
export type AnnouncementKind = 'venta' | 'alquiler' | 'habitacion';

/** ATY003 is a sale, ATY001 a room; anything else is a whole-home rental (SPEC 4.1). */
export function kindOfType(typeCode: string | null | undefined): AnnouncementKind {
  if (typeCode === AnnouncementType.Sale) return 'venta';
  if (typeCode === AnnouncementType.RoomRental) return 'habitacion';
  return 'alquiler';
}

/** Rental prices are per month (SPEC 1). */
export const isMonthly = (kind: AnnouncementKind): boolean => kind !== 'venta';

/** The kind as the domain's price bounds name it. */
export const priceKindOf: Readonly<Record<AnnouncementKind, PriceKind>> = {
  venta: 'sale',
  alquiler: 'rental',
  habitacion: 'room',
};
