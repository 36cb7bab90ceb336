import type { ApiErrorBody } from '@casaoferta/domain/errors';
import { coreErrorMessages } from '@casaoferta/domain/errors-core';

/** A failed API call: HTTP status and the first error entry of the envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** How long the server asks to wait before trying again (Retry-After of a 429 or a 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Retry-After in seconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

export function parseErrorBody(status: number, body: unknown, retryAfterSeconds?: number): ApiError {
  const first = (body as Partial<ApiErrorBody> | null)?.errors?.[0];
  if (first && typeof first.code === 'string') {
    return new ApiError(status, first.code, first.message ?? '', first.field, retryAfterSeconds);
  }
  const code = status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_INPUT';
  return new ApiError(status, code, coreErrorMessages[code], undefined, retryAfterSeconds);
}
