import { coreErrorMessages } from '@casaoferta/domain/errors-core';
import { showToast } from '../ui/toast-store';
import { ApiError, parseErrorBody, parseRetryAfter } from './api-error';
import { cachedExceptionAttributes } from './masters-cache';
import { authTokens } from './auth-tokens';

/** SPEC 9: default time-out 30 s; image, contract image and document uploads 120 s. */
export const DEFAULT_TIMEOUT_MS = 30_000;
export const UPLOAD_TIMEOUT_MS = 120_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Agent calls pass the agent token explicitly (SPEC 7). */
  token?: string | null;
  /** Skip the error toast (the caller shows its own message). */
  silent?: boolean;
  /** Extra request headers (the development outbox's token). */
  headers?: Record<string, string>;
}

/** `token` is the bearer token the failed request carried (null when it sent none). */
export type UnauthorizedHandler = (context: { token: string | null }) => void | Promise<void>;
let onUnauthorized: UnauthorizedHandler | null = null;
/** The session layer registers what a 401 does (blocked-status check, SPEC 4.7 and 8). */
export const setUnauthorizedHandler = (handler: UnauthorizedHandler | null) => {
  onUnauthorized = handler;
};

/**
 * Calls the API and returns the envelope's `data`. On failure shows the Spanish text of SPEC 8 as a
 * toast (unless silent) and throws an ApiError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, timeoutMs = DEFAULT_TIMEOUT_MS, silent = false } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const token = options.token === undefined ? authTokens.current() : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      signal,
      ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const code = timeout.aborted ? 'REQUEST_TIMEOUT' : 'NETWORK_ERROR';
    if (!silent) showToast(coreErrorMessages[code], 'error');
    throw new ApiError(0, code, coreErrorMessages[code]);
  }

  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok) return (payload as { data: T } | null)?.data as T;

  const error = parseErrorBody(
    response.status,
    payload,
    parseRetryAfter(response.headers.get('Retry-After')),
  );
  if (response.status === 401) {
    await onUnauthorized?.({ token: token ?? null });
  } else if (!silent) {
    showToast(messageFor(error), 'error');
  }
  throw error;
}

function messageFor(error: ApiError): string {
  // SPEC 8: 403 and 500 have fixed texts; any other error shows its code's master-data text.
  if (error.status === 403 && error.code !== 'USER_BLOCKED') return coreErrorMessages.FORBIDDEN;
  if (error.status >= 500 && error.code === 'INTERNAL_ERROR') return coreErrorMessages.INTERNAL_ERROR;
  // The server's message is its code's text from the same catalogue as master data.
  return cachedExceptionAttributes()?.[error.code] || error.message || coreErrorMessages.INTERNAL_ERROR;
}
