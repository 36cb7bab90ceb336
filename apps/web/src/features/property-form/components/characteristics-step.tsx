import { propertyLists } from '../lists';
import { propertyFormTexts } from '../texts';
import { FormCount, FormFeatures, FormSelect } from './fields';

const f = propertyFormTexts.fields;

/** Step 2: type, state, size, certificates and features of the home. */
export function CharacteristicsStep() {
  return (
    <div className="stack property-form__fields">
      <div className="grid-2">
        <FormSelect
          name="propertyTypeCode"
          label={f.propertyType}
          required
          options={propertyLists.propertyTypes}
        />
        <FormSelect name="statusCode" label={f.status} options={propertyLists.status} />
      </div>
      <div className="grid-3">
        <FormCount name="surfaceM2" label={f.surface} required />
        <FormCount name="rooms" label={f.rooms} required />
        <FormCount name="bathrooms" label={f.bathrooms} required />
      </div>
      <div className="grid-2">
        <FormSelect name="orientationCode" label={f.orientation} options={propertyLists.orientations} />
        <FormSelect
          name="protectedHousingCode"
          label={f.protectedHousing}
          options={propertyLists.protectedHousingTypes}
        />
        <FormSelect
          name="energyCertificationCode"
          label={f.energy}
          options={propertyLists.energyCertifications}
        />
        <FormSelect
          name="emissionCertificationCode"
          label={f.emission}
          options={propertyLists.emissionCertifications}
        />
        <FormSelect name="stageCode" label={f.stage} hint={f.stageHint} options={propertyLists.stages} />
      </div>
      <FormFeatures legend={f.features} options={propertyLists.additionalFeatures} />
    </div>
  );
}
