import { ApiError } from '../../../shared/api/api-error';
import { errorText } from '../../../shared/api/error-text';
import { announcementTexts } from '../texts';

/**
 * The form field a failed save names (`field` of the error envelope, maybe a dotted path such as
 * 'details.price'), and the text to show under it; null when the error names no known field.
 */
export function serverFieldError(
  error: unknown,
  fields: readonly string[],
): { name: string; message: string } | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  const name = error.field
    .split(/[.[\]]/)
    .reverse()
    .find((part) => fields.includes(part));
  if (!name) return null;
  const message =
    error.code === 'INVALID_INPUT' ? announcementTexts.form.serverFieldError : errorText(error.code);
  return { name, message };
}
