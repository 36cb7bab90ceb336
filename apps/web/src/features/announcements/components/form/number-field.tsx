import { useFormContext } from 'react-hook-form';
import type { ReactNode } from 'react';
import { FieldError, FieldHint, RequiredMark, useFieldIds } from '../../../../shared/ui/field-parts';
import { toNumberOrUndefined } from '../../form/form-values';
import { errorOf } from './field-error';

export interface NumberFieldProps {
  name: string;
  label: ReactNode;
  /** Shown after the input ('€', '€/mes') and read with it through aria-describedby. */
  unit?: string;
  hint?: ReactNode;
  required?: boolean;
  min?: number;
  max?: number;
}

/** A whole-number input of the form in context, with its unit as an adornment. */
export function NumberField({ name, label, unit, hint, required = false, min = 0, max }: NumberFieldProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const error = errorOf(errors, name);
  const { controlId, hintId, errorId, describedBy } = useFieldIds(undefined, hint, error);
  const unitId = unit ? `${controlId}-unit` : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={controlId}>
        {label}
        {required && <RequiredMark />}
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <div className="ann-adorned">
        <input
          {...register(name, { setValueAs: toNumberOrUndefined })}
          id={controlId}
          className="input"
          type="number"
          inputMode="numeric"
          step={1}
          min={min}
          max={max}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[unitId, describedBy].filter(Boolean).join(' ') || undefined}
        />
        {unit && (
          <span id={unitId} className="ann-adorned__unit">
            {unit}
          </span>
        )}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
