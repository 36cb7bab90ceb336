import { z } from 'zod';

/** Every successful answer is `{ data: ... }` (ARCHITECTURE.md §4). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const errorEnvelope = z.object({
  errors: z.array(z.object({ code: z.string(), message: z.string(), field: z.string().optional() })),
});

export const masterItem = z.object({ code: z.string(), label: z.string() });
export type MasterItemDto = z.infer<typeof masterItem>;
