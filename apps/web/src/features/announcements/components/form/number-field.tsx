import { useFormContext } from 'react-hook-form';
import type { ReactNode } from 'react';
import { FieldError, FieldHint, RequiredMark, useFieldIds } from '../../../../shared/ui/field-parts';
import { toNumberOrUndefined } from '../../form/form-values';
import { errorOf } from './field-error';

export interface NumberFieldProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  min?: number;
  max?: number;
}

/** A whole-number input of the form in context (a count; amounts of money use MoneyField). */
export function NumberField({ name, label, hint, required = false, min = 0, max }: NumberFieldProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const error = errorOf(errors, name);
  const { controlId, hintId, errorId, describedBy } = useFieldIds(undefined, hint, error);
  return (
    <div className="field">
      <label className="field__label" htmlFor={controlId}>
        {label}
        {required && <RequiredMark />}
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
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
        aria-describedby={describedBy}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
