import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldError, FieldHint, RequiredMark, useFieldIds } from './field-parts';
import { uiTexts } from './texts';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'size'> {
  label: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  error?: ReactNode;
  /** First, empty option; pass null to leave it out. */
  placeholder?: string | null;
}

export function Select({
  label,
  options,
  hint,
  error,
  placeholder = uiTexts.selectPlaceholder,
  id,
  className,
  required,
  ...rest
}: SelectProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={controlId}>
        {label}
        {required && <RequiredMark />}
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <select
        {...rest}
        id={controlId}
        className="select"
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {placeholder !== null && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
