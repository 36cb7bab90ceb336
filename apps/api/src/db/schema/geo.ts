import { index, pgTable, text, varchar } from 'drizzle-orm/pg-core';

/** INE provinces (52). `name` is the official form ("Coruña, A"), `displayName` the article-first one. */
export const provinces = pgTable('provinces', {
  code: varchar('code', { length: 2 }).primaryKey(),
  countryCode: varchar('country_code', { length: 2 }).notNull().default('ES'),
  name: text('name').notNull(),
  displayName: text('display_name').notNull(),
});

/** INE municipalities (8,124), code = province code + cmun. */
export const municipalities = pgTable(
  'municipalities',
  {
    code: varchar('code', { length: 5 }).primaryKey(),
    provinceCode: varchar('province_code', { length: 2 })
      .notNull()
      .references(() => provinces.code),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
  },
  (t) => [index('municipalities_province_idx').on(t.provinceCode)],
);
