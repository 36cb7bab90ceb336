import type { PropertyPage } from '@casaoferta/domain/schemas/listings';
import { apiRequest } from './client';

/**
 * GET /api/property/{id}: the page of a property, with the `owner` block (exact address, validation)
 * when the caller owns it. Silent: every page that reads it shows its own error state. The one fetcher
 * of this endpoint: the catalogue's property page calls it directly (that landing page stays free of
 * React Query), the owner's pages through useProperty (use-property.ts).
 */
export const getProperty = (id: string, signal?: AbortSignal): Promise<PropertyPage> =>
  apiRequest<PropertyPage>(`/api/property/${encodeURIComponent(id)}`, { signal, silent: true });
