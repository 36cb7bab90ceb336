import { coreErrorMessages } from '@casaoferta/domain/errors-core';
import { ApiError, parseErrorBody } from '../../shared/api/api-error';
import { authTokens } from '../../shared/api/auth-tokens';
import { UPLOAD_TIMEOUT_MS } from '../../shared/api/client';
import { dispositionFileName, saveBlob } from '../../shared/api/download-file';

/** How far a download is: bytes read, and the total when the server says it (else null). */
export interface DownloadProgress {
  loaded: number;
  total: number | null;
}

/** The percentage of a progress, or null when the total is unknown. */
export const percentOf = ({ loaded, total }: DownloadProgress): number | null =>
  total ? Math.min(100, Math.floor((loaded / total) * 100)) : null;

async function readBody(
  response: Response,
  onProgress?: (progress: DownloadProgress) => void,
): Promise<Blob> {
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!response.body || !onProgress) return response.blob();
  const reader = response.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  onProgress({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(new Uint8Array(value));
    loaded += value.byteLength;
    onProgress({ loaded, total });
  }
  return new Blob(parts, { type });
}

/**
 * GETs a file an agent endpoint serves as an attachment, with the agent's MAIN token (SPEC 7: agent calls
 * pass it even while acting as someone else), and saves it under the server's name (Content-Disposition),
 * else `fallbackName`. Returns the name saved. Rejects with an ApiError (the server's code, or
 * NETWORK_ERROR / REQUEST_TIMEOUT with status 0). Large files get the upload time-out (SPEC 9: 120 s).
 */
export async function downloadAsAgent(
  path: string,
  fallbackName: string,
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void } = {},
): Promise<string> {
  const headers: Record<string, string> = {};
  const token = authTokens.main();
  if (token) headers.Authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(UPLOAD_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  let blob: Blob;
  try {
    response = await fetch(path, { headers, signal });
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      throw parseErrorBody(response.status, body);
    }
    blob = await readBody(response, options.onProgress);
  } catch (error) {
    if (error instanceof ApiError || options.signal?.aborted) throw error;
    const code = timeout.aborted ? 'REQUEST_TIMEOUT' : 'NETWORK_ERROR';
    throw new ApiError(0, code, coreErrorMessages[code]);
  }
  const name = dispositionFileName(response.headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(blob, name);
  return name;
}
