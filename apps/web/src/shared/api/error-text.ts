import { errorMessages, isErrorCode } from '@casaoferta/domain/errors';

/**
 * Spanish text for a code: master data `exceptionAttributes` when loaded, else the built-in table. The
 * table is the whole error catalogue, so only pages (lazy chunks) import this; the first load's API client
 * uses the error's own message instead (client.ts).
 */
export function errorText(code: string, exceptionAttributes?: Record<string, string>): string {
  const fromMasters = exceptionAttributes?.[code];
  if (fromMasters) return fromMasters;
  return isErrorCode(code) ? errorMessages[code] : errorMessages.INTERNAL_ERROR;
}
