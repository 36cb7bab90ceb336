import { useState } from 'react';
import { BottomSheet } from '../../../shared/ui/bottom-sheet';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { RadioGroup } from '../../../shared/ui/radio-group';
import { clearSheetFilters, featureOptions, roomsOptions } from '../filters';
import type { CatalogueFilters } from '../filters';
import { filtersTexts } from '../filters-texts';
import { PlaceSelects } from './place-selects';
import { RangeFields } from './range-fields';
import type { RangeDraft } from './range-fields';

const t = filtersTexts;

export interface FiltersSheetProps {
  filters: CatalogueFilters;
  onApply: (next: CatalogueFilters) => void;
  onClose: () => void;
}

const toDraft = (min: number | undefined, max: number | undefined): RangeDraft => ({
  min: min === undefined ? '' : String(min),
  max: max === undefined ? '' : String(max),
});

const toNumber = (text: string): number | undefined => (/^\d{1,9}$/.test(text) ? Number(text) : undefined);

const isReversed = (range: RangeDraft) => {
  const min = toNumber(range.min);
  const max = toNumber(range.max);
  return min !== undefined && max !== undefined && min > max;
};

const roomOptions = [
  { value: '', label: t.roomsAny },
  ...roomsOptions.map((n) => ({ value: String(n), label: `${n}+` })),
];

/** The filter panel: a bottom sheet on mobile, a dialog on desktop. Lazy chunk. */
export default function FiltersSheet({ filters, onApply, onClose }: FiltersSheetProps) {
  const [draft, setDraft] = useState(filters);
  const [price, setPrice] = useState(() => toDraft(filters.priceMin, filters.priceMax));
  const [surface, setSurface] = useState(() => toDraft(filters.surfaceMin, filters.surfaceMax));
  const [showErrors, setShowErrors] = useState(false);
  const invalid = isReversed(price) || isReversed(surface);

  const toggleFeature = (code: string, checked: boolean) =>
    setDraft((current) => ({
      ...current,
      features: checked ? [...current.features, code] : current.features.filter((other) => other !== code),
    }));

  const apply = () => {
    if (invalid) {
      setShowErrors(true);
      return;
    }
    onApply({
      ...draft,
      priceMin: toNumber(price.min),
      priceMax: toNumber(price.max),
      surfaceMin: toNumber(surface.min),
      surfaceMax: toNumber(surface.max),
    });
  };

  const clear = () => {
    setDraft(clearSheetFilters(draft));
    setPrice(toDraft(undefined, undefined));
    setSurface(toDraft(undefined, undefined));
    setShowErrors(false);
  };

  return (
    <BottomSheet
      open
      onClose={onClose}
      title={t.title}
      className="filters-sheet"
      footer={
        <>
          <Button variant="ghost" onClick={clear}>
            {t.clear}
          </Button>
          <Button onClick={apply}>{t.apply}</Button>
        </>
      }
    >
      <form
        className="filters-sheet__form"
        onSubmit={(event) => event.preventDefault()}
        onKeyDown={(event) => {
          // Enter in a number field applies the filters, as in a search form.
          if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
          if (event.target.type !== 'text') return;
          event.preventDefault();
          apply();
        }}
      >
        <PlaceSelects
          provinceCode={draft.provinceCode}
          municipalityCode={draft.municipalityCode}
          onChange={(place) => setDraft((current) => ({ ...current, ...place }))}
        />
        <RangeFields
          legend={t.price}
          minLabel={t.priceMin}
          maxLabel={t.priceMax}
          value={price}
          onChange={setPrice}
          error={showErrors && isReversed(price) ? t.minOverMax : undefined}
        />
        <RadioGroup
          legend={t.rooms}
          name="rooms"
          inline
          boxed
          options={roomOptions}
          value={draft.roomsMin === undefined ? '' : String(draft.roomsMin)}
          onChange={(value) => setDraft((current) => ({ ...current, roomsMin: toNumber(value) }))}
        />
        <RangeFields
          legend={t.surface}
          minLabel={t.surfaceMin}
          maxLabel={t.surfaceMax}
          value={surface}
          onChange={setSurface}
          error={showErrors && isReversed(surface) ? t.minOverMax : undefined}
        />
        <fieldset className="fieldset">
          <legend className="fieldset__legend">{t.features}</legend>
          <div className="filters-sheet__checks">
            {featureOptions.map((option) => (
              <Checkbox
                key={option.code}
                label={option.label}
                checked={draft.features.includes(option.code)}
                onChange={(event) => toggleFeature(option.code, event.target.checked)}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="fieldset">
          <legend className="fieldset__legend">{t.others}</legend>
          <div className="filters-sheet__checks">
            <Checkbox
              label={t.pets}
              checked={draft.pets}
              onChange={(event) => setDraft((current) => ({ ...current, pets: event.target.checked }))}
            />
            <Checkbox
              label={t.furnished}
              checked={draft.furnished}
              onChange={(event) => setDraft((current) => ({ ...current, furnished: event.target.checked }))}
            />
          </div>
        </fieldset>
      </form>
    </BottomSheet>
  );
}
