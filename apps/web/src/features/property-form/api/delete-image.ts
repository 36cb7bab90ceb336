import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageDto } from '@casaoferta/domain/schemas/listings';
import { apiRequest } from '../../../shared/api/client';
import { propertyImagesKey } from './get-property-images';

/** DELETE /api/property/{id}/image/{imageId}. */
export const deleteImage = (propertyId: string, imageId: string) =>
  apiRequest<{ deleted: true }>(
    `/api/property/${encodeURIComponent(propertyId)}/image/${encodeURIComponent(imageId)}`,
    { method: 'DELETE' },
  );

export function useDeleteImage(propertyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) => deleteImage(propertyId, imageId),
    onSuccess: (_result, imageId) =>
      client.setQueryData<ImageDto[]>(propertyImagesKey(propertyId), (images = []) =>
        images.filter((image) => image.id !== imageId),
      ),
  });
}
