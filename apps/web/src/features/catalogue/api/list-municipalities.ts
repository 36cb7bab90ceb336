import type { MasterItem } from '@casaoferta/domain/masters';
import { apiRequest } from '../../../shared/api/client';

const cache = new Map<string, Promise<MasterItem[]>>();

/** POST /api/masters/municipality: the municipalities of one province, cached per province. */
export function listMunicipalities(provinceCode: string): Promise<MasterItem[]> {
  let pending = cache.get(provinceCode);
  if (!pending) {
    pending = apiRequest<MasterItem[]>('/api/masters/municipality', {
      method: 'POST',
      body: { provinceCode },
      silent: true,
    }).catch((error: unknown) => {
      cache.delete(provinceCode);
      throw error;
    });
    cache.set(provinceCode, pending);
  }
  return pending;
}
