import { buildStaticMasters } from '@casaoferta/domain/masters';
import { AnnouncementType } from '@casaoferta/domain/codes';

const masters = buildStaticMasters();
const propertyTypeLabels = new Map(masters.propertyAttributes.propertyTypes.map((i) => [i.code, i.label]));

/** A title when the owner gave none: "Piso en venta en Getafe", "Habitación en Valencia". */
export function defaultTitle(typeCode: string, propertyTypeCode: string | null, municipality: string | null) {
  const where = municipality ? ` en ${municipality}` : '';
  if (typeCode === AnnouncementType.RoomRental) return `Habitación${where}`;
  const kind = (propertyTypeCode && propertyTypeLabels.get(propertyTypeCode)) ?? 'Vivienda';
  const deal = typeCode === AnnouncementType.Sale ? 'en venta' : 'en alquiler';
  return `${kind} ${deal}${where}`;
}
