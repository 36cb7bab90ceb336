import { AnnouncementType } from './codes';
import { propertyAttributes } from './masters/property';

let typeLabels: Map<string, string> | null = null;

/**
 * The title an announcement gets when the owner writes none: "Piso en venta en Getafe",
 * "Habitación en Valencia". Used by the API and as the form's placeholder.
 */
export function defaultTitle(
  typeCode: string,
  propertyTypeCode: string | null | undefined,
  municipality: string | null | undefined,
): string {
  const where = municipality ? ` en ${municipality}` : '';
  if (typeCode === AnnouncementType.RoomRental) return `Habitación${where}`;
  typeLabels ??= new Map(propertyAttributes().propertyTypes.map((item) => [item.code, item.label]));
  const kind = (propertyTypeCode && typeLabels.get(propertyTypeCode)) ?? 'Vivienda';
  return `${kind} ${typeCode === AnnouncementType.Sale ? 'en venta' : 'en alquiler'}${where}`;
}

/** The browser tab's title of a page: "<page> · Casaoferta" (the app, and the server for its pages). */
export const documentTitle = (page: string): string => `${page} · Casaoferta`;
