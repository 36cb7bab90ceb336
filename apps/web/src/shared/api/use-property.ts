import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProperty } from './get-property';

/**
 * GET /api/property/{id} in React Query, one key for every page that reads it: the property form,
 * the publication step, the owner's property detail and the announcement forms. Kept apart from the
 * fetcher so the catalogue's property page, which only needs the fetcher, does not load React Query.
 */
export const propertyQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['property', id], queryFn: ({ signal }) => getProperty(id, signal) });

/** The property of `id`; waits while there is no id yet. */
export const useProperty = (id: string | undefined) =>
  useQuery({ ...propertyQueryOptions(id ?? ''), enabled: Boolean(id) });
