import { z } from 'zod';
import { DomainError } from '../../platform/errors';

/** Keyset position: the sort value and the id of the last card of the previous page. */
/**
 * The sort value is a publication time (ISO, years 1900–9999) or a price (a 32-bit integer): anything
 * else, even a hand-made cursor the database would choke on ("0", year 99999), is a 400.
 */
const publishedAt = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}T/)
  .refine((value) => {
    const time = Date.parse(value);
    return !Number.isNaN(time) && new Date(time).getUTCFullYear() >= 1900;
  });
const cursorSchema = z.object({
  v: z.union([publishedAt, z.number().int().min(0).max(2_147_483_647)]),
  i: z.uuid(),
});
export type Cursor = z.infer<typeof cursorSchema>;

export const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** A cursor that does not decode to the expected shape is a 400, never a 500 or an empty page. */
export function decodeCursor(raw: string): Cursor {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  throw new DomainError('INVALID_INPUT', 'cursor');
}
