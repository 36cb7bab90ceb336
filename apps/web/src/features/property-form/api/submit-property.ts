import { useMutation } from '@tanstack/react-query';
import type { PropertyInput } from '@casaoferta/domain/schemas/owner-listings';
import { apiRequest } from '../../../shared/api/client';
import type { PropertyPage as OwnerProperty } from '@casaoferta/domain/schemas/listings';

/**
 * PUT /api/property/{id} (a saved draft or an existing property): sends the complete form to validation
 * (PSG002). A new property is first saved as a draft under the id the form made (decision 013): the
 * web never uses POST /api/property, whose repetition would make a second property. Silent: the form
 * puts field errors on their field.
 */
export const submitProperty = ({ id, input }: { id: string; input: PropertyInput }) =>
  apiRequest<OwnerProperty>(`/api/property/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: input,
    silent: true,
  });

export const useSubmitProperty = () => useMutation({ mutationFn: submitProperty });
