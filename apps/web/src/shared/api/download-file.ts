import { coreErrorMessages } from '@casaoferta/domain/errors-core';
import { ApiError, parseErrorBody } from './api-error';
import { authTokens } from './auth-tokens';
import { UPLOAD_TIMEOUT_MS } from './client';

/** The file name of a Content-Disposition header (RFC 6266: `filename*` first), or null. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * GETs a file the API serves as an attachment behind the bearer token (a plain link cannot send it), and
 * saves it under the server's name, else `fallbackName`. Rejects with an ApiError (the server's code, or
 * NETWORK_ERROR / REQUEST_TIMEOUT with status 0). Large files get the upload time-out (SPEC 9: 120 s).
 */
export async function downloadFile(path: string, fallbackName: string, signal?: AbortSignal): Promise<void> {
  const headers: Record<string, string> = {};
  const token = authTokens.current();
  if (token) headers.Authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(UPLOAD_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(path, { headers, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (error) {
    if (signal?.aborted) throw error;
    const code = timeout.aborted ? 'REQUEST_TIMEOUT' : 'NETWORK_ERROR';
    throw new ApiError(0, code, coreErrorMessages[code]);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw parseErrorBody(response.status, body);
  }
  const blob = await response.blob();
  saveBlob(blob, dispositionFileName(response.headers.get('Content-Disposition')) ?? fallbackName);
}
