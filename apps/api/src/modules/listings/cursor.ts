import { z } from 'zod';
import { DomainError } from '../../platform/errors';

/** Keyset position: the sort value and the id of the last card of the previous page. */
const cursorSchema = z.object({ v: z.union([z.string().max(40), z.number().int()]), i: z.uuid() });
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
