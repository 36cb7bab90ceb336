import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldFrame } from './field-parts';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Error text; marks the input invalid and is announced through aria-describedby. */
  error?: ReactNode;
}

/** An input with a real <label>, optional hint and error text. Works with react-hook-form's register. */
export function TextField({ label, hint, error, id, className, required, ...rest }: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className} required={required}>
      {(control) => <input {...rest} {...control} className="input" />}
    </FieldFrame>
  );
}
