import { errorMessages } from '@casaoferta/domain/errors';
import type { ImageDto } from '@casaoferta/domain/schemas/listings';
import { ApiError, parseErrorBody } from '../../../shared/api/api-error';
import { authTokens } from '../../../shared/api/auth-tokens';
import { UPLOAD_TIMEOUT_MS } from '../../../shared/api/client';

export const imageUploadPath = '/api/announcement/images';

export interface UploadOptions {
  /** Percentage sent, 0 to 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/**
 * POST /api/announcement/images (multipart: propertyId, then file), one photo per request. Uses
 * XMLHttpRequest for the upload progress, with the 120 s time-out of SPEC 9. Rejects with an ApiError
 * (415 IMAGE_INVALID, 413 IMAGE_TOO_LARGE, 422 TOO_MANY_IMAGES…), or an AbortError when cancelled.
 */
export function uploadImage(propertyId: string, file: File, options: UploadOptions = {}): Promise<ImageDto> {
  const { onProgress, signal } = options;
  return new Promise<ImageDto>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', imageUploadPath);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = authTokens.current();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve((body as { data: ImageDto }).data);
      } else {
        reject(parseErrorBody(xhr.status, body));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', errorMessages.NETWORK_ERROR));
    xhr.ontimeout = () => reject(new ApiError(0, 'REQUEST_TIMEOUT', errorMessages.REQUEST_TIMEOUT));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('propertyId', propertyId);
    form.append('file', file);
    xhr.send(form);
  });
}
