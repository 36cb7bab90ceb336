import { useQuery } from '@tanstack/react-query';
import type { MasterItem } from '@casaoferta/domain/masters';
import { apiRequest } from '../../../shared/api/client';

/** POST /api/masters/province: the provinces of Spain (INE). */
export const listProvinces = (signal?: AbortSignal) =>
  apiRequest<MasterItem[]>('/api/masters/province', {
    method: 'POST',
    body: { countryCode: 'ES' },
    signal,
    silent: true,
  });

export const useProvinces = () =>
  useQuery({
    queryKey: ['masters', 'provinces', 'ES'],
    queryFn: ({ signal }) => listProvinces(signal),
    staleTime: Infinity,
  });
