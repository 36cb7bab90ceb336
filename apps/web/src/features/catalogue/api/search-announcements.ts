import type { SearchRequest, SearchResponse } from '@casaoferta/domain/schemas/listings';
import { apiRequest } from '../../../shared/api/client';

export { CATALOGUE_PAGE_SIZE as PAGE_SIZE } from '@casaoferta/domain/catalogue';

/** POST /api/announcement/search: one page of cards; `nextCursor` continues it (keyset). */
export function searchAnnouncements(request: SearchRequest, signal?: AbortSignal): Promise<SearchResponse> {
  // The page shows its own error state, so no toast.
  return apiRequest<SearchResponse>('/api/announcement/search', {
    method: 'POST',
    body: request,
    signal,
    silent: true,
  });
}
