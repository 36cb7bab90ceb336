import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Page views, stored only when the visitor consented to analytics (the web app sends nothing otherwise). */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    path: text('path').notNull(),
    referrer: text('referrer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_created_idx').on(t.createdAt)],
);
