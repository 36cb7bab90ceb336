import type { FieldErrors } from 'react-hook-form';

/** The message of a field's error, when it has one (react-hook-form keeps it as a string). */
export function errorOf(errors: FieldErrors, name: string): string | undefined {
  const message = errors[name]?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}
