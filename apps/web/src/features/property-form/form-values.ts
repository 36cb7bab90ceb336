import { propertyFields } from '@casaoferta/domain/schemas/owner-listings';
import type { PropertyDraftInput, PropertyInput } from '@casaoferta/domain/schemas/owner-listings';

/** The form edits exactly the contract of POST /api/property; empty optional fields are undefined. */
export type PropertyFormValues = PropertyInput;
export type PropertyFieldName = keyof PropertyFormValues;
/** What the resolver hands to the submit handler (the schema's defaults applied). */
export type PropertyFormOutput = Omit<PropertyFormValues, 'features'> & { features: string[] };

export const stepIds = ['address', 'characteristics', 'photos', 'review'] as const;
export type StepId = (typeof stepIds)[number];
export const lastStep = stepIds.length - 1;

/** The fields each step owns: 'Siguiente' validates these only. */
export const stepFields: Readonly<Record<StepId, readonly PropertyFieldName[]>> = {
  address: [
    'provinceCode',
    'municipalityCode',
    'street',
    'streetNumber',
    'floorCode',
    'blockCode',
    'door',
    'postalCode',
  ],
  characteristics: [
    'propertyTypeCode',
    'statusCode',
    'surfaceM2',
    'rooms',
    'bathrooms',
    'orientationCode',
    'energyCertificationCode',
    'emissionCertificationCode',
    'protectedHousingCode',
    'stageCode',
    'features',
  ],
  photos: [],
  review: [],
};

const fieldNames = Object.keys(propertyFields.shape) as PropertyFieldName[];

export const isPropertyField = (name: string): name is PropertyFieldName =>
  (fieldNames as string[]).includes(name);

/** The step holding a field, e.g. for a server error naming it ('features.2' → characteristics). */
export function stepOfField(field: string): number | null {
  const name = field.split('.')[0] ?? '';
  const index = stepIds.findIndex((step) => (stepFields[step] as readonly string[]).includes(name));
  return index === -1 ? null : index;
}

export const emptyValues: Partial<PropertyFormValues> = { street: '', features: [] };

/**
 * The part of the form a draft can carry: each field that is valid on its own (a half-typed postal code
 * is left out rather than failing the whole draft), and the municipality only when it is of the province.
 */
export function draftFields(values: Partial<PropertyFormValues>): Omit<PropertyDraftInput, 'id'> {
  const draft: Record<string, unknown> = {};
  for (const name of fieldNames) {
    const value = values[name];
    if (value === undefined || value === '') continue;
    const parsed = propertyFields.shape[name].safeParse(value);
    if (parsed.success && parsed.data !== undefined) draft[name] = parsed.data;
  }
  const { provinceCode, municipalityCode } = draft;
  if (
    typeof provinceCode === 'string' &&
    typeof municipalityCode === 'string' &&
    !municipalityCode.startsWith(provinceCode)
  ) {
    delete draft.municipalityCode;
  }
  return draft as Omit<PropertyDraftInput, 'id'>;
}

/** True when the draft carries anything worth saving. */
export const hasDraftContent = (draft: Omit<PropertyDraftInput, 'id'>): boolean =>
  Object.entries(draft).some(([, value]) => !Array.isArray(value) || value.length > 0);
