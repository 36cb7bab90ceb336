import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldError, FieldHint, useFieldIds } from './field-parts';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'size'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Draw it as an on/off switch (role="switch"). */
  switch?: boolean;
  boxed?: boolean;
}

export function Checkbox({
  label,
  hint,
  error,
  id,
  className,
  switch: isSwitch = false,
  boxed = false,
  ...rest
}: CheckboxProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  const input = (
    <input
      {...rest}
      id={controlId}
      type="checkbox"
      role={isSwitch ? 'switch' : undefined}
      className={isSwitch ? 'switch' : 'choice__control'}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    />
  );
  const text = (
    <span className="choice__text">
      <label className="choice__label" htmlFor={controlId}>
        {label}
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError id={errorId}>{error}</FieldError>
    </span>
  );
  const classes = ['choice', boxed && 'choice--boxed', isSwitch && 'choice--switch', className]
    .filter(Boolean)
    .join(' ');
  return isSwitch ? (
    <div className={classes}>
      {text}
      {input}
    </div>
  ) : (
    <div className={classes}>
      {input}
      {text}
    </div>
  );
}
