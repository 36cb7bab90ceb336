import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { spanishErrorMap, type RequiredMessages } from './error-map';

export interface FormResolverOptions {
  /** A field's own message when it is left empty (see spanishErrorMap). */
  required?: RequiredMessages;
  /**
   * One message for a field whatever went wrong with it (by the error's type), for forms that say one
   * thing per field; undefined keeps the error map's message.
   */
  fieldMessage?: (name: string, type: string) => string | undefined;
}

/** An emptied money field holds null (MoneyField): to the schema, a field left out. */
const withoutNulls = <T extends FieldValues>(values: T): T =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null)) as T;

function withFieldMessages(
  errors: FieldErrors,
  fieldMessage: NonNullable<FormResolverOptions['fieldMessage']>,
): Record<string, FieldError> {
  const translated: Record<string, FieldError> = {};
  for (const [name, error] of Object.entries(errors)) {
    if (!error) continue;
    const type = typeof error.type === 'string' ? error.type : 'invalid';
    const message = fieldMessage(name, type);
    translated[name] = message === undefined ? (error as FieldError) : { type, message };
  }
  return translated;
}

/**
 * The web's one way to validate a form: zodResolver on the domain schema with the Spanish error map;
 * empty amounts (null) are left out.
 */
export function formResolver<S extends z.ZodObject>(
  schema: S,
  options: FormResolverOptions = {},
): Resolver<z.input<S>, unknown, z.output<S>> {
  const resolve = zodResolver(schema, { error: spanishErrorMap(options.required) });
  const { fieldMessage } = options;
  return async (values, context, resolverOptions) => {
    const result = await resolve(withoutNulls(values), context, resolverOptions);
    if (!fieldMessage || Object.keys(result.errors).length === 0) return result;
    // Same keys as the resolver's own errors, with the form's message: the shape is unchanged.
    const errors = withFieldMessages(result.errors, fieldMessage) as FieldErrors<z.input<S>>;
    return { values: {}, errors };
  };
}
