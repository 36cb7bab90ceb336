import { z } from 'zod';

/** Every successful answer is `{ data: ... }` (ARCHITECTURE.md §4). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const errorEnvelope = z.object({
  errors: z.array(z.object({ code: z.string(), message: z.string(), field: z.string().optional() })),
});

export const masterItem = z.object({ code: z.string(), label: z.string() });
export type MasterItemDto = z.infer<typeof masterItem>;

/**
 * A calendar day (YYYY-MM-DD) of a year a person could mean (1900–2200): "0000-01-01" or "99999-12-31"
 * are refused as bad input, not sent to the database (which has no year 0).
 */
export const calendarDate = z.iso.date().refine(
  (value) => {
    const year = Number(value.slice(0, 4));
    return year >= 1900 && year <= 2200;
  },
  { message: 'la fecha debe estar entre 1900 y 2200' },
);
