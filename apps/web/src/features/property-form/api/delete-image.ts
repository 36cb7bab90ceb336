import { apiRequest } from '../../../shared/api/client';

/** DELETE /api/property/{id}/image/{imageId} (sent once the undo window is over: usePhotoRemoval). */
export const deleteImage = (propertyId: string, imageId: string) =>
  apiRequest<{ deleted: true }>(
    `/api/property/${encodeURIComponent(propertyId)}/image/${encodeURIComponent(imageId)}`,
    { method: 'DELETE' },
  );
