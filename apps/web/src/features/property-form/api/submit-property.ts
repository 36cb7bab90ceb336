import { useMutation } from '@tanstack/react-query';
import type { PropertyInput } from '@casaoferta/domain/schemas/owner-listings';
import { apiRequest } from '../../../shared/api/client';
import type { PropertyPage as OwnerProperty } from '@casaoferta/domain/schemas/listings';

/**
 * POST /api/property (new) or PUT /api/property/{id} (a saved draft or an existing property): sends the
 * complete form to validation (PSG002). Silent: the form puts field errors on their field.
 */
export const submitProperty = ({ id, input }: { id: string | null; input: PropertyInput }) =>
  id
    ? apiRequest<OwnerProperty>(`/api/property/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: input,
        silent: true,
      })
    : apiRequest<OwnerProperty>('/api/property', { method: 'POST', body: input, silent: true });

export const useSubmitProperty = () => useMutation({ mutationFn: submitProperty });
