import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldError, FieldHint, RequiredMark, useFieldIds } from './field-parts';

export interface ReasonFieldProps extends ComponentPropsWithRef<'textarea'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Live character count, tied to the field through aria-describedby. */
  counter?: ReactNode;
}

/** A labelled text area in the design system's field style. */
export function ReasonField({ label, hint, error, counter, id, required, ...rest }: ReasonFieldProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  const counterId = `${controlId}-counter`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={controlId}>
        {label}
        {required && <RequiredMark />}
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <textarea
        {...rest}
        id={controlId}
        className="input"
        rows={4}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [describedBy, counter ? counterId : undefined].filter(Boolean).join(' ') || undefined
        }
      />
      {counter && (
        <span id={counterId} className="field__hint">
          {counter}
        </span>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
