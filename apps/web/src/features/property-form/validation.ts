import { propertyInput } from '@casaoferta/domain/schemas/owner-listings';
import { formResolver } from '../../shared/forms/resolver';
import { isPropertyField, type PropertyFieldName } from './form-values';
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

/** The shared form resolver on the contract (propertyInput), with the Spanish message of each field. */
export const propertyResolver = formResolver(propertyInput, {
  fieldMessage: (name, type) => (isPropertyField(name) ? fieldMessage(name, type) : undefined),
});
