import { z } from 'zod';

/** Every successful answer is `{ data: ... }` (ARCHITECTURE.md §4). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const errorEnvelope = z.object({
  errors: z.array(z.object({ code: z.string(), message: z.string(), field: z.string().optional() })),
});

export const masterItem = z.object({ code: z.string(), label: z.string() });
export type MasterItemDto = z.infer<typeof masterItem>;

/** The years a calendar date of any request may fall in (`calendarDate`). */
export const CALENDAR_YEARS = { min: 1900, max: 2200 } as const;

/**
 * A calendar day (YYYY-MM-DD, a real day: no 2023-02-29, no month 13) of a year a person could mean
 * (1900–2200): "0000-01-01", "0001-01-01" or "9999-12-31" are refused as bad input, not sent to the
 * database (which has no year 0). Out of the years the issue carries `params.code`, which the API answers
 * as that error code (400 DATE_OUT_OF_RANGE) and the web as its own message. Every date field of a
 * request uses it: its JSON Schema says `format: "date"`, by which the schema fuzzer finds it.
 */
export const calendarDate = z.iso.date().refine(
  (value) => {
    const year = Number(value.slice(0, 4));
    return year >= CALENDAR_YEARS.min && year <= CALENDAR_YEARS.max;
  },
  // No message of its own: the web's error map words it (a schema's message would win over the map).
  { params: { code: 'DATE_OUT_OF_RANGE' } },
);
