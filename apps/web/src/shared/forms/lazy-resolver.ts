import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver that loads on the form's first validation (a field left, a submit): the schema,
 * Zod (25 KB gzip) and the resolver come with it, not with the page, which shows its fields before
 * anyone types (issue 29 point 5: the signed-in pages' first load ≤ 150 KB). A failed load is tried
 * again on the next validation.
 */
export function lazyResolver<TValues extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TValues, TContext, TOutput>>,
): Resolver<TValues, TContext, TOutput> {
  let loading: Promise<Resolver<TValues, TContext, TOutput>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    const resolve = await loading;
    return resolve(values, context, options);
  };
}
