import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageDto } from '@casaoferta/domain/schemas/listings';
import { apiRequest } from '../../../shared/api/client';
import { propertyImagesKey } from './get-property-images';

/** PUT /api/property/{id}/images/order: the new order, cover first. */
export const reorderImages = (propertyId: string, imageIds: string[]) =>
  apiRequest<ImageDto[]>(`/api/property/${encodeURIComponent(propertyId)}/images/order`, {
    method: 'PUT',
    body: { imageIds },
  });

/** Moves at once on screen; the server's answer confirms it, a failure puts the old order back. */
export function useReorderImages(propertyId: string) {
  const client = useQueryClient();
  const key = propertyImagesKey(propertyId);
  return useMutation({
    // One at a time, in order: a quick second move waits for the first answer.
    scope: { id: `reorder-images-${propertyId}` },
    mutationFn: (images: ImageDto[]) =>
      reorderImages(
        propertyId,
        images.map((image) => image.id),
      ),
    onMutate: async (images) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<ImageDto[]>(key);
      client.setQueryData(key, images);
      return { previous };
    },
    onError: (_error, _images, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
}
