import { formatNumber } from '@casaoferta/domain/format';
import type { PropertyFormValues } from './form-values';
import { labelIn, propertyLists } from './lists';
import { propertyFormTexts } from './texts';

const s = propertyFormTexts.summary;
type Nullable<T> = { [K in keyof T]?: T[K] | null };

/** What the summaries show: the form's fields (or the API's, nulls allowed) plus the place names. */
export type SummarySource = Nullable<Omit<PropertyFormValues, 'features'>> & {
  features?: readonly string[] | null;
  provinceName?: string | null;
  municipalityName?: string | null;
};

export interface SummaryRow {
  label: string;
  value: string;
}

const present = (row: { label: string; value: string | undefined }): row is SummaryRow =>
  row.value !== undefined && row.value !== '';

/** Two lines: street, number, floor, stair, door; then postal code, municipality (province). */
export function addressLines(p: SummarySource): string[] {
  const first = [
    [p.street, p.streetNumber].filter(Boolean).join(' '),
    labelIn(propertyLists.floors, p.floorCode),
    labelIn(propertyLists.blocks, p.blockCode),
    p.door ? `${s.door} ${p.door}` : undefined,
  ].filter(Boolean);
  const place = [p.municipalityName, p.provinceName ? `(${p.provinceName})` : undefined].filter(Boolean);
  const second = [p.postalCode, ...place].filter(Boolean).join(' ');
  return [first.join(', '), second].filter((line) => line !== '');
}

const count = (value: number | null | undefined) =>
  typeof value === 'number' ? formatNumber(value) : undefined;

/** The characteristics with their Spanish labels, leaving out what is empty. */
export function characteristicRows(p: SummarySource): SummaryRow[] {
  const l = propertyLists;
  const rows: { label: string; value: string | undefined }[] = [
    { label: s.type, value: labelIn(l.propertyTypes, p.propertyTypeCode) },
    { label: s.status, value: labelIn(l.status, p.statusCode) },
    {
      label: s.surface,
      value: typeof p.surfaceM2 === 'number' ? s.surfaceValue(formatNumber(p.surfaceM2)) : undefined,
    },
    { label: s.rooms, value: count(p.rooms) },
    { label: s.bathrooms, value: count(p.bathrooms) },
    { label: s.orientation, value: labelIn(l.orientations, p.orientationCode) },
    { label: s.energy, value: labelIn(l.energyCertifications, p.energyCertificationCode) },
    { label: s.emission, value: labelIn(l.emissionCertifications, p.emissionCertificationCode) },
    { label: s.protectedHousing, value: labelIn(l.protectedHousingTypes, p.protectedHousingCode) },
    { label: s.stage, value: labelIn(l.stages, p.stageCode) },
    {
      label: s.features,
      value: (p.features ?? [])
        .map((code) => labelIn(l.additionalFeatures, code))
        .filter(Boolean)
        .join(', '),
    },
  ];
  return rows.filter(present);
}
