import type { PropertyPage } from '@casaoferta/domain/schemas/listings';
import { apiRequest } from '../../../shared/api/client';

/** GET /api/property/{id}: the public page of a property; 404 NOT_FOUND when it is not visible. */
export function getProperty(id: string, signal?: AbortSignal): Promise<PropertyPage> {
  return apiRequest<PropertyPage>(`/api/property/${encodeURIComponent(id)}`, { signal, silent: true });
}
