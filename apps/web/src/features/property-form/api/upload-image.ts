import type { ImageDto } from '@casaoferta/domain/schemas/listings';
import { uploadFile, type UploadOptions } from '../../../shared/api/upload-file';

export type { UploadOptions };

export const imageUploadPath = '/api/announcement/images';

/**
 * POST /api/announcement/images (multipart: propertyId, then file), one photo per request, with its
 * progress and the 120 s time-out (shared/api/upload-file.ts). Rejects with an ApiError (415
 * IMAGE_INVALID, 413 IMAGE_TOO_LARGE, 422 TOO_MANY_IMAGES…), or an AbortError when cancelled.
 */
export const uploadImage = (propertyId: string, file: File, options: UploadOptions = {}): Promise<ImageDto> =>
  uploadFile<ImageDto>(imageUploadPath, { propertyId }, file, options);
