import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors } from 'react-hook-form';
import { propertyInput } from '@casaoferta/domain/schemas/owner-listings';
import { isPropertyField, type PropertyFieldName, type PropertyFormValues } from './form-values';
import { propertyFormTexts } from './texts';

const e = propertyFormTexts.errors;

/** One Spanish message per field: the domain schema's own messages are for developers. */
const messages: Readonly<Record<PropertyFieldName, string>> = {
  street: e.street,
  streetNumber: e.short,
  floorCode: e.option,
  blockCode: e.option,
  door: e.short,
  postalCode: e.postalCode,
  provinceCode: e.province,
  municipalityCode: e.municipality,
  propertyTypeCode: e.propertyType,
  statusCode: e.option,
  surfaceM2: e.surface,
  rooms: e.rooms,
  bathrooms: e.bathrooms,
  orientationCode: e.option,
  energyCertificationCode: e.option,
  emissionCertificationCode: e.option,
  features: e.option,
  protectedHousingCode: e.option,
  stageCode: e.option,
};

export function fieldMessage(name: PropertyFieldName, type: string): string {
  // The only object-level rule of the schema: the municipality must be of the province.
  if (name === 'municipalityCode' && type === 'custom') return e.municipalityProvince;
  return messages[name];
}

const base = zodResolver(propertyInput);

/** zodResolver on the contract (propertyInput), with the Spanish message of each field. */
export const propertyResolver: typeof base = async (values, context, options) => {
  const result = await base(values, context, options);
  const entries = Object.entries(result.errors);
  if (entries.length === 0) return result;
  const errors: FieldErrors<PropertyFormValues> = {};
  for (const [name, error] of entries) {
    if (!isPropertyField(name) || !error) continue;
    const type = typeof error.type === 'string' ? error.type : 'invalid';
    const translated: FieldError = { type, message: fieldMessage(name, type) };
    errors[name] = translated;
  }
  return { values: {}, errors };
};
