import { useId } from 'react';
import { TextField } from '../../../shared/ui/text-field';

export interface RangeDraft {
  min: string;
  max: string;
}

export interface RangeFieldsProps {
  legend: string;
  minLabel: string;
  maxLabel: string;
  value: RangeDraft;
  onChange: (next: RangeDraft) => void;
  error?: string;
}

const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, 9);

/** A minimum and a maximum (whole numbers), side by side under one legend. */
export function RangeFields({ legend, minLabel, maxLabel, value, onChange, error }: RangeFieldsProps) {
  const id = useId();
  return (
    <fieldset className="fieldset">
      <legend className="fieldset__legend">{legend}</legend>
      <div className="range-fields">
        <TextField
          id={`${id}-min`}
          label={minLabel}
          inputMode="numeric"
          autoComplete="off"
          value={value.min}
          onChange={(event) => onChange({ ...value, min: digitsOnly(event.target.value) })}
        />
        <TextField
          id={`${id}-max`}
          label={maxLabel}
          inputMode="numeric"
          autoComplete="off"
          value={value.max}
          error={error}
          onChange={(event) => onChange({ ...value, max: digitsOnly(event.target.value) })}
        />
      </div>
    </fieldset>
  );
}
