import { useId } from 'react';
import type { ReactNode } from 'react';
import { FieldError, FieldHint, RequiredMark } from './field-parts';

export interface RadioOption {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps {
  legend: ReactNode;
  name: string;
  options: readonly RadioOption[];
  value: string | null;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  inline?: boolean;
  boxed?: boolean;
  className?: string;
}

/** Radio buttons grouped in a fieldset with a legend; arrow keys move between options natively. */
export function RadioGroup({
  legend,
  name,
  options,
  value,
  onChange,
  hint,
  error,
  required = false,
  inline = false,
  boxed = false,
  className,
}: RadioGroupProps) {
  const baseId = useId();
  const hintId = hint ? `${baseId}-hint` : undefined;
  const errorId = error ? `${baseId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={['fieldset', className].filter(Boolean).join(' ')} aria-describedby={describedBy}>
      <legend className="fieldset__legend">
        {legend}
        {required && <RequiredMark />}
      </legend>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <div className={inline ? 'fieldset__options fieldset__options--inline' : 'fieldset__options'}>
        {options.map((option, index) => {
          const optionId = `${baseId}-${index}`;
          return (
            <div key={option.value} className={boxed ? 'choice choice--boxed' : 'choice'}>
              <input
                id={optionId}
                className="choice__control"
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                disabled={option.disabled}
                required={required}
                onChange={() => onChange(option.value)}
                aria-describedby={option.hint ? `${optionId}-hint` : undefined}
              />
              <span className="choice__text">
                <label className="choice__label" htmlFor={optionId}>
                  {option.label}
                </label>
                <FieldHint id={option.hint ? `${optionId}-hint` : undefined}>{option.hint}</FieldHint>
              </span>
            </div>
          );
        })}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
