import { useFormContext, useWatch } from 'react-hook-form';
import { useMunicipalities } from '../api/list-municipalities';
import { useProvinces } from '../api/list-provinces';
import type { PropertyFormValues } from '../form-values';
import { propertyLists } from '../lists';
import { propertyFormTexts } from '../texts';
import { PropertySelect, PropertyText } from './fields';

const f = propertyFormTexts.fields;

function municipalityHint(province: string | undefined, loading: boolean, failed: boolean) {
  if (!province) return f.municipalityFirst;
  if (failed) return f.placesError;
  return loading ? f.municipalitiesLoading : undefined;
}

/** Step 1: province, municipality (loaded for the province chosen) and the street address. */
export function AddressStep() {
  const { control, setValue } = useFormContext<PropertyFormValues>();
  const provinceCode = useWatch({ control, name: 'provinceCode' });
  const provinces = useProvinces();
  const municipalities = useMunicipalities(provinceCode);

  return (
    <fieldset className="fieldset property-form__fields">
      <legend className="visually-hidden">{f.address}</legend>
      <div className="grid-2">
        <PropertySelect
          name="provinceCode"
          label={f.province}
          required
          options={provinces.data ?? []}
          hint={provinces.isError ? f.placesError : undefined}
          onPicked={() => setValue('municipalityCode', '')}
        />
        <PropertySelect
          name="municipalityCode"
          label={f.municipality}
          required
          options={municipalities.data ?? []}
          disabled={!provinceCode || municipalities.isPending}
          hint={municipalityHint(provinceCode, municipalities.isPending, municipalities.isError)}
        />
      </div>
      <PropertyText name="street" label={f.street} required autoComplete="address-line1" />
      <div className="grid-3">
        <PropertyText name="streetNumber" label={f.streetNumber} emptyAsUndefined />
        <PropertySelect name="floorCode" label={f.floor} options={propertyLists.floors} />
        <PropertySelect name="blockCode" label={f.block} options={propertyLists.blocks} />
        <PropertyText name="door" label={f.door} emptyAsUndefined />
        <PropertyText
          name="postalCode"
          label={f.postalCode}
          inputMode="numeric"
          autoComplete="postal-code"
          emptyAsUndefined
        />
      </div>
    </fieldset>
  );
}
