import type { PropertyPage as OwnerProperty } from '@casaoferta/domain/schemas/listings';
import type { PropertyFormValues } from './form-values';

/**
 * The form's values for a property read from GET /api/property/{id} (nulls become empty). The owner
 * goes on from their own edit while it waits for review (the page itself shows the approved version).
 */
export function valuesFromProperty(property: OwnerProperty): Partial<PropertyFormValues> {
  const owner = property.owner;
  const approved = {
    street: property.street,
    streetNumber: owner?.streetNumber,
    floorCode: owner?.floorCode ?? property.floorCode,
    blockCode: owner?.blockCode,
    door: owner?.door,
    postalCode: owner?.postalCode,
    provinceCode: property.provinceCode,
    municipalityCode: property.municipalityCode,
    propertyTypeCode: property.propertyTypeCode,
    statusCode: property.statusCode,
    surfaceM2: property.surfaceM2,
    rooms: property.rooms,
    bathrooms: property.bathrooms,
    orientationCode: property.orientationCode,
    energyCertificationCode: property.energyCertificationCode,
    emissionCertificationCode: property.emissionCertificationCode,
    protectedHousingCode: property.protectedHousingCode,
    stageCode: owner?.stageCode,
    features: property.features,
  };
  const raw: Record<string, string | number | string[] | null | undefined> =
    owner?.pendingRevision?.fields ?? approved;
  const values = Object.fromEntries(
    Object.entries(raw).filter(([, value]) => value !== null && value !== undefined && value !== ''),
  );
  return values as Partial<PropertyFormValues>;
}
