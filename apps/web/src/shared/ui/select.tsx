import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldFrame } from './field-parts';
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
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className} required={required}>
      {(control) => (
        <select {...rest} {...control} className="select">
          {placeholder !== null && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
