import type { ZodType } from 'zod';

/** Texts the owner may empty: an empty one is sent, so the saved one is cleared (the title turns automatic). */
const clearable = new Set(['customTitle', 'description']);

/** Drops what the API should not receive: no value, an empty text, a number that is not one. */
export function cleanValues(values: Record<string, unknown>): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '' && !clearable.has(key)) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    clean[key] = value;
  }
  return clean;
}

/**
 * The draft of what is filled so far: fields the draft schema rejects (a half-typed price, a too long
 * title…) are left out, so the rest is still saved.
 */
export function draftValues(values: Record<string, unknown>, draftSchema: ZodType): Record<string, unknown> {
  const clean = cleanValues(values);
  const result = draftSchema.safeParse(clean);
  if (result.success) return clean;
  const rejected = new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '')));
  return Object.fromEntries(Object.entries(clean).filter(([key]) => !rejected.has(key)));
}
