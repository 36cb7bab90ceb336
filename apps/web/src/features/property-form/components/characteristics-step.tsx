import { propertyLists } from '../lists';
import { propertyFormTexts } from '../texts';
import { PropertyCheckboxes, PropertyCount, PropertySelect } from './fields';

const f = propertyFormTexts.fields;

/** Step 2: type, state, size, certificates and features of the home. */
export function CharacteristicsStep() {
  return (
    <div className="stack property-form__fields">
      <div className="grid-2">
        <PropertySelect
          name="propertyTypeCode"
          label={f.propertyType}
          required
          options={propertyLists.propertyTypes}
        />
        <PropertySelect name="statusCode" label={f.status} options={propertyLists.status} />
      </div>
      <div className="grid-3">
        <PropertyCount name="surfaceM2" label={f.surface} required />
        <PropertyCount name="rooms" label={f.rooms} required />
        <PropertyCount name="bathrooms" label={f.bathrooms} required />
      </div>
      <div className="grid-2">
        <PropertySelect name="orientationCode" label={f.orientation} options={propertyLists.orientations} />
        <PropertySelect
          name="protectedHousingCode"
          label={f.protectedHousing}
          options={propertyLists.protectedHousingTypes}
        />
        <PropertySelect
          name="energyCertificationCode"
          label={f.energy}
          options={propertyLists.energyCertifications}
        />
        <PropertySelect
          name="emissionCertificationCode"
          label={f.emission}
          options={propertyLists.emissionCertifications}
        />
        <PropertySelect name="stageCode" label={f.stage} hint={f.stageHint} options={propertyLists.stages} />
      </div>
      <PropertyCheckboxes
        name="features"
        legend={f.features}
        options={propertyLists.additionalFeatures}
        className="property-form__features"
      />
    </div>
  );
}
