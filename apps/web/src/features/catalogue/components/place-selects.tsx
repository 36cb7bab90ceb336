import { Select } from '../../../shared/ui/select';
import { filtersTexts } from '../filters-texts';
import { useMunicipalities, useProvinces } from '../use-place-names';

const t = filtersTexts;

export interface PlaceSelectsProps {
  provinceCode: string | undefined;
  municipalityCode: string | undefined;
  onChange: (place: { provinceCode: string | undefined; municipalityCode: string | undefined }) => void;
}

const toOptions = (items: { code: string; label: string }[]) =>
  items.map((item) => ({ value: item.code, label: item.label }));

/** Province, then one of its municipalities; both lists load when the sheet opens. */
export function PlaceSelects({ provinceCode, municipalityCode, onChange }: PlaceSelectsProps) {
  const provinces = useProvinces();
  const municipalities = useMunicipalities(provinceCode);
  const failed = provinces.status === 'error' || municipalities.status === 'error';
  return (
    <fieldset className="fieldset">
      <legend className="fieldset__legend">{t.location}</legend>
      <div className="filters-sheet__places">
        <Select
          label={t.province}
          placeholder={provinces.status === 'loading' ? t.loadingPlaces : t.anyProvince}
          options={toOptions(provinces.items)}
          // Until the list arrives the chosen code has no option: keep the select empty meanwhile.
          value={provinces.status === 'ready' ? (provinceCode ?? '') : ''}
          // First field of the sheet: focused on open (a select opens no on-screen keyboard).
          data-autofocus
          onChange={(event) =>
            onChange({ provinceCode: event.target.value || undefined, municipalityCode: undefined })
          }
        />
        <Select
          label={t.municipality}
          placeholder={
            provinceCode && municipalities.status === 'loading' ? t.loadingPlaces : t.anyMunicipality
          }
          options={toOptions(municipalities.items)}
          value={municipalities.status === 'ready' ? (municipalityCode ?? '') : ''}
          disabled={!provinceCode || municipalities.status !== 'ready'}
          onChange={(event) => onChange({ provinceCode, municipalityCode: event.target.value || undefined })}
        />
      </div>
      {failed && (
        <p className="field__error" role="alert">
          {t.placesError}
        </p>
      )}
    </fieldset>
  );
}
