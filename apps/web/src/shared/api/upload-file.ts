import { errorMessages } from '@casaoferta/domain/errors';
import { ApiError, parseErrorBody } from './api-error';
import { authTokens } from './auth-tokens';
import { UPLOAD_TIMEOUT_MS } from './client';

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

const cancelled = () => new DOMException('Upload cancelled', 'AbortError');

/**
 * POSTs one file as multipart (the `fields` first, in their order, then `file`) and returns the envelope's
 * `data`. Uses XMLHttpRequest for the upload progress, with the 120 s time-out of SPEC 9 (photos and
 * documents). Rejects with an ApiError (the server's code; NETWORK_ERROR or REQUEST_TIMEOUT with status 0),
 * or an AbortError when cancelled.
 */
export function uploadFile<T>(
  path: string,
  fields: Readonly<Record<string, string>>,
  file: File,
  options: UploadOptions = {},
): Promise<T> {
  const { onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
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
        resolve((body as { data: T }).data);
      } else {
        reject(parseErrorBody(xhr.status, body));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', errorMessages.NETWORK_ERROR));
    xhr.ontimeout = () => reject(new ApiError(0, 'REQUEST_TIMEOUT', errorMessages.REQUEST_TIMEOUT));
    xhr.onabort = () => reject(cancelled());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file);
    xhr.send(form);
  });
}
