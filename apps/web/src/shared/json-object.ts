/**
 * A JSON object read from storage, or null when the text is not JSON or not an object (storage is
 * anyone's to edit: every reader checks the fields it takes). By hand: zod stays off the first load.
 */
export function parseJsonObject(raw: string): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
