import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { spanishParams } from './spanish-errors';

/** An emptied money field holds null (MoneyField): to the schema, a field left out. */
const withoutNulls = <T extends FieldValues>(values: T): T =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null)) as T;

/** The form's resolver on a domain schema: Spanish messages, and empty amounts left out. */
export function announcementResolver<S extends z.ZodObject>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  const resolve = zodResolver(schema, spanishParams);
  return (values, context, options) => resolve(withoutNulls(values), context, options);
}
