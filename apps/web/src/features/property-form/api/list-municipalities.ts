import { useQuery } from '@tanstack/react-query';
import type { MasterItem } from '@casaoferta/domain/masters';
import { apiRequest } from '../../../shared/api/client';

/** POST /api/masters/municipality: the municipalities of one province (INE). */
export const listMunicipalities = (provinceCode: string, signal?: AbortSignal) =>
  apiRequest<MasterItem[]>('/api/masters/municipality', {
    method: 'POST',
    body: { provinceCode },
    signal,
    silent: true,
  });

/** Loaded again for each province chosen; idle without a province. */
export const useMunicipalities = (provinceCode: string | undefined) =>
  useQuery({
    queryKey: ['masters', 'municipalities', provinceCode ?? ''],
    queryFn: ({ signal }) => listMunicipalities(provinceCode ?? '', signal),
    enabled: Boolean(provinceCode),
    staleTime: Infinity,
  });
