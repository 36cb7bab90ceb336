import { propertyAttributes } from '@casaoferta/domain/masters/property';
import type { AnnouncementKind } from './kinds';

let typeLabels: Map<string, string> | null = null;

/**
 * The title an announcement gets when the owner writes none ("Piso en venta en Getafe", "Habitación en
 * Valencia"), shown as the custom title's placeholder. Same rule as the API's defaultTitle
 * (apps/api/src/modules/listings/titles.ts); once a draft is saved, the API's own title is used instead.
 */
export function automaticTitle(
  kind: AnnouncementKind,
  propertyTypeCode: string | null | undefined,
  municipality: string | null | undefined,
): string {
  const where = municipality ? ` en ${municipality}` : '';
  if (kind === 'habitacion') return `Habitación${where}`;
  typeLabels ??= new Map(propertyAttributes().propertyTypes.map((item) => [item.code, item.label]));
  const type = (propertyTypeCode && typeLabels.get(propertyTypeCode)) ?? 'Vivienda';
  return `${type} ${kind === 'venta' ? 'en venta' : 'en alquiler'}${where}`;
}
