import type { PropertyDraftInput } from '@casaoferta/domain/schemas/owner-listings';
import { apiRequest } from '../../../shared/api/client';

/**
 * POST /api/property/draft: saves what is filled so far (validation status PSG000). Without `id` it
 * creates the draft; with it, it continues that one. Silent: the form shows a small saving state.
 */
export const savePropertyDraft = (draft: PropertyDraftInput) =>
  apiRequest<{ id: string }>('/api/property/draft', { method: 'POST', body: draft, silent: true });
