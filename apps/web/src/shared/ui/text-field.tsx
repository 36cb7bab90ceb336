import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldError, FieldHint, RequiredMark, useFieldIds } from './field-parts';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Error text; marks the input invalid and is announced through aria-describedby. */
  error?: ReactNode;
}

/** An input with a real <label>, optional hint and error text. Works with react-hook-form's register. */
export function TextField({ label, hint, error, id, className, required, ...rest }: TextFieldProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={controlId}>
        {label}
        {required && <RequiredMark />}
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <input
        {...rest}
        id={controlId}
        className="input"
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
