import type { MasterItem } from '@casaoferta/domain/masters';
import { apiRequest } from '../../../shared/api/client';

let cached: Promise<MasterItem[]> | null = null;

/** POST /api/masters/province for Spain, once per page load (a failed call is retried next time). */
export function listProvinces(): Promise<MasterItem[]> {
  cached ??= apiRequest<MasterItem[]>('/api/masters/province', {
    method: 'POST',
    body: { countryCode: 'ES' },
    silent: true,
  }).catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}
