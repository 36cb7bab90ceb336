import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ImageDto } from '@casaoferta/domain/schemas/listings';
import { propertyImagesKey } from '../api/get-property-images';
import { propertyFormTexts } from '../texts';
import { createUploadQueue, type PhotoUpload } from './upload-queue';

/**
 * The photos on their way up, kept by the form (not by the photo step), so moving between steps does
 * not cancel them. Each uploaded photo joins the property's photo list in the query cache.
 */
export function usePhotoUploads() {
  const client = useQueryClient();
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [queue] = useState(() =>
    createUploadQueue({
      onChange: setUploads,
      onUploaded: (propertyId, image, name) => {
        client.setQueryData<ImageDto[]>(propertyImagesKey(propertyId), (images = []) => [...images, image]);
        setAnnouncement(propertyFormTexts.photos.uploaded(name));
      },
    }),
  );
  useEffect(() => () => queue.cancelAll(), [queue]);
  const busy = uploads.some((upload) => upload.status !== 'failed');
  return { uploads, busy, announcement, queue };
}

export type PhotoUploads = ReturnType<typeof usePhotoUploads>;
