import { coreErrorMessages } from '@casaoferta/domain/errors-core';
import { ApiError } from '../../shared/api/api-error';
import { errorText } from '../../shared/api/error-text';
import { showToast } from '../../shared/ui/toast-store';

/** The Spanish text of a failure, as the API client would toast it (SPEC 8: fixed 403 and 500 texts). */
export function failureText(error: unknown, exceptionAttributes?: Record<string, string>): string {
  if (!(error instanceof ApiError)) return coreErrorMessages.INTERNAL_ERROR;
  if (error.status === 403 && error.code !== 'USER_BLOCKED') return coreErrorMessages.FORBIDDEN;
  if (error.status >= 500 && error.code === 'INTERNAL_ERROR') return coreErrorMessages.INTERNAL_ERROR;
  if (error.status === 0) return error.message;
  return errorText(error.code, exceptionAttributes);
}

/** The field a failed save names, when it is one of `fields` (a NIF already used, an invalid date...). */
export function failedField<F extends string>(error: unknown, fields: readonly F[]): F | null {
  if (!(error instanceof ApiError) || error.field === undefined) return null;
  return fields.find((field) => field === error.field) ?? null;
}

/**
 * The toast of a failed save that no field shows (saves are silent, SPEC 8 wording). A 401 has been
 * handled by the session layer already.
 */
export function toastFailure(error: unknown, exceptionAttributes?: Record<string, string>): void {
  if (error instanceof ApiError && error.status === 401) return;
  showToast(failureText(error, exceptionAttributes), 'error');
}
