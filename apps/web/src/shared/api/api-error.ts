import { errorMessages, isErrorCode, type ApiErrorBody } from '@casaoferta/domain/errors';

/** A failed API call: HTTP status and the first error entry of the envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export function parseErrorBody(status: number, body: unknown): ApiError {
  const first = (body as Partial<ApiErrorBody> | null)?.errors?.[0];
  if (first && typeof first.code === 'string') {
    return new ApiError(status, first.code, first.message ?? '', first.field);
  }
  const code = status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_INPUT';
  return new ApiError(status, code, errorMessages[code]);
}

/** Spanish text for a code: master data `exceptionAttributes` when loaded, else the built-in table. */
export function errorText(code: string, exceptionAttributes?: Record<string, string>): string {
  const fromMasters = exceptionAttributes?.[code];
  if (fromMasters) return fromMasters;
  return isErrorCode(code) ? errorMessages[code] : errorMessages.INTERNAL_ERROR;
}
