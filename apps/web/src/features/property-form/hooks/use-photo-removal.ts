import { useQueryClient } from '@tanstack/react-query';
import type { ImageDto } from '@casaoferta/domain/schemas/listings';
import { showToast } from '../../../shared/ui/toast-store';
import { deleteImage } from '../api/delete-image';
import { propertyImagesKey } from '../api/get-property-images';
import { reorderImages } from '../api/reorder-images';
import { propertyFormTexts } from '../texts';
import { pendingRemovals } from './photo-removals';

const t = propertyFormTexts.photos;

/**
 * 'Eliminar' with an undo: the photo leaves the screen at once and a toast offers 'Deshacer' for its
 * 5 s (longer while hovered or focused). Only when the toast closes otherwise is
 * DELETE /api/property/{id}/image/{imageId} sent; if it fails, the photo comes back.
 */
export function usePhotoRemoval(propertyId: string) {
  const client = useQueryClient();
  const key = propertyImagesKey(propertyId);
  const putBack = (image: ImageDto, index: number) =>
    client.setQueryData<ImageDto[]>(key, (images = []) => {
      const next = images.filter((item) => item.id !== image.id);
      next.splice(Math.min(index, next.length), 0, image);
      return next;
    });

  return (image: ImageDto, index: number, onRestored: (imageId: string) => void) => {
    client.setQueryData<ImageDto[]>(key, (images = []) => images.filter((item) => item.id !== image.id));
    pendingRemovals.add(propertyId, image, index);
    const undo = () => {
      const removal = pendingRemovals.take(propertyId, image.id);
      if (!removal) return;
      putBack(image, removal.index);
      onRestored(image.id);
      if (!removal.reordered) return;
      // The server kept it at the end of the order sent meanwhile: send the order on screen.
      const ids = (client.getQueryData<ImageDto[]>(key) ?? []).map((item) => item.id);
      void reorderImages(propertyId, [...ids, ...pendingRemovals.ids(propertyId)]).catch(() => undefined);
    };
    showToast(t.removed, 'info', {
      action: { label: t.undo, onAction: undo },
      onClose: (reason) => {
        if (reason === 'action') return;
        const removal = pendingRemovals.take(propertyId, image.id);
        if (!removal) return;
        deleteImage(propertyId, image.id).catch(() => putBack(image, removal.index));
      },
    });
  };
}
