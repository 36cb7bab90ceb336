import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageDto } from '@casaoferta/domain/schemas/listings';
import { apiRequest } from '../../../shared/api/client';
import { pendingRemovals } from '../hooks/photo-removals';
import { propertyImagesKey } from './get-property-images';

/** PUT /api/property/{id}/images/order: the new order, cover first. */
export const reorderImages = (propertyId: string, imageIds: string[]) =>
  apiRequest<ImageDto[]>(`/api/property/${encodeURIComponent(propertyId)}/images/order`, {
    method: 'PUT',
    body: { imageIds },
  });

/**
 * Moves at once on screen; the server's answer confirms it, a failure puts the old order back. Photos
 * in their undo window are still the server's: they go last in the order sent and stay off screen.
 */
export function useReorderImages(propertyId: string) {
  const client = useQueryClient();
  const key = propertyImagesKey(propertyId);
  return useMutation({
    // One at a time, in order: a quick second move waits for the first answer.
    scope: { id: `reorder-images-${propertyId}` },
    mutationFn: (images: ImageDto[]) => {
      pendingRemovals.markReordered(propertyId);
      return reorderImages(propertyId, [
        ...images.map((image) => image.id),
        ...pendingRemovals.ids(propertyId),
      ]);
    },
    onMutate: async (images) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<ImageDto[]>(key);
      client.setQueryData(key, images);
      return { previous };
    },
    onError: (_error, _images, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => {
      const removed = pendingRemovals.ids(propertyId);
      client.setQueryData(
        key,
        saved.filter((image) => !removed.includes(image.id)),
      );
    },
  });
}
