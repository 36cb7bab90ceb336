import { useQueries, useQuery } from '@tanstack/react-query';
import type { MasterItem } from '@casaoferta/domain/masters';
import { apiRequest } from '../../shared/api/client';
import type { PlaceNames } from './review-view';

const toMap = (items: readonly MasterItem[] | undefined): Map<string, string> =>
  new Map((items ?? []).map((item) => [item.code, item.label]));

/**
 * The names of the provinces and of the municipalities of `provinceCodes` (INE data from the masters,
 * cached for the session). Until they arrive, or if they fail, the codes are shown.
 */
export function usePlaceNames(provinceCodes: readonly (string | null)[]): PlaceNames {
  const provinces = useQuery({
    queryKey: ['masters', 'provinces', 'ES'],
    queryFn: ({ signal }) =>
      apiRequest<MasterItem[]>('/api/masters/province', {
        method: 'POST',
        body: { countryCode: 'ES' },
        signal,
        silent: true,
      }),
    staleTime: Infinity,
  });
  const codes = [...new Set(provinceCodes.filter((code): code is string => Boolean(code)))];
  const municipalities = useQueries({
    queries: codes.map((provinceCode) => ({
      queryKey: ['masters', 'municipalities', provinceCode],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest<MasterItem[]>('/api/masters/municipality', {
          method: 'POST',
          body: { provinceCode },
          signal,
          silent: true,
        }),
      staleTime: Infinity,
    })),
  });
  return {
    provinces: toMap(provinces.data),
    municipalities: toMap(municipalities.flatMap((query) => query.data ?? [])),
  };
}
