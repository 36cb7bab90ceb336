import { and, arrayContains, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  listingKinds,
  type AnnouncementCard,
  type SearchResponse,
} from '@casaoferta/domain/schemas/listings';
import type { searchRequest } from '@casaoferta/domain/schemas/listings';
import type { z } from 'zod';
import { foldForSearch } from '@casaoferta/domain/text';
import type { Db } from '../../db/client';
import { announcements, municipalities, properties, propertyImages, provinces } from '../../db/schema/index';
import { toImageDto } from '../../platform/media';
import { escapeLike } from '../../platform/sql-like';
import { decodeCursor, encodeCursor, type Cursor } from './cursor';
import { defaultTitle } from '@casaoferta/domain/titles';
import { priceDropOf } from '@casaoferta/domain/rules/price-history';

type Filters = z.output<typeof searchRequest>;

/** What the catalogue shows: published and within its period. */
export const isLive = () =>
  and(eq(announcements.statusCode, 'AST001'), gt(announcements.endsAt, sql`now()`)) as SQL;

function filterConditions(f: Filters): SQL[] {
  const where: (SQL | undefined)[] = [
    isLive(),
    f.kind ? eq(announcements.typeCode, listingKinds[f.kind]) : undefined,
    f.provinceCode ? eq(announcements.provinceCode, f.provinceCode) : undefined,
    f.municipalityCode ? eq(announcements.municipalityCode, f.municipalityCode) : undefined,
    f.priceMin !== undefined ? gte(announcements.price, f.priceMin) : undefined,
    f.priceMax !== undefined ? lte(announcements.price, f.priceMax) : undefined,
    f.roomsMin !== undefined ? gte(announcements.rooms, f.roomsMin) : undefined,
    f.surfaceMin !== undefined ? gte(announcements.surfaceM2, f.surfaceMin) : undefined,
    f.surfaceMax !== undefined ? lte(announcements.surfaceM2, f.surfaceMax) : undefined,
    f.features?.length ? arrayContains(announcements.features, f.features) : undefined,
    f.pets ? eq(announcements.petsAllowed, true) : undefined,
    f.furnished ? eq(announcements.furnished, true) : undefined,
  ];
  // Every word must appear, in any order ("malaga larios" finds "Habitación en Málaga, calle Larios").
  const words = f.q ? foldForSearch(f.q).split(' ').filter(Boolean).slice(0, 8) : [];
  for (const word of words) where.push(sql`${announcements.searchText} like ${`%${escapeLike(word)}%`}`);
  return where.filter((c): c is SQL => c !== undefined);
}

/** Keyset: rows strictly after the cursor in the sort order (row comparison uses the index). */
function afterCursor(sort: Filters['sort'], cursor: Cursor): SQL {
  if (sort === 'newest') {
    if (typeof cursor.v !== 'string' || Number.isNaN(Date.parse(cursor.v))) return sql`false`;
    return sql`(${announcements.publishedAt}, ${announcements.id}) < (${cursor.v}::timestamptz, ${cursor.i}::uuid)`;
  }
  if (typeof cursor.v !== 'number') return sql`false`;
  return sort === 'price-asc'
    ? sql`(${announcements.price}, ${announcements.id}) > (${cursor.v}, ${cursor.i}::uuid)`
    : sql`(${announcements.price}, ${announcements.id}) < (${cursor.v}, ${cursor.i}::uuid)`;
}

/** ORDER BY of each sort, matching the partial indexes (`DESC` is nulls first, as they are). */
const orderBy = {
  newest: sql`${announcements.publishedAt} desc, ${announcements.id} desc`,
  'price-asc': sql`${announcements.price} asc, ${announcements.id} asc`,
  'price-desc': sql`${announcements.price} desc, ${announcements.id} desc`,
} as const;

/** The card's columns, all on the announcement row: search joins nothing (docs/decisions/007). */
const cardColumns = {
  id: announcements.id,
  propertyId: announcements.propertyId,
  reference: announcements.reference,
  typeCode: announcements.typeCode,
  offerTypeCode: announcements.offerTypeCode,
  customTitle: announcements.customTitle,
  propertyTypeCode: announcements.propertyTypeCode,
  price: announcements.price,
  highestOffer: announcements.highestOffer,
  offersCount: announcements.offersCount,
  municipalityName: announcements.municipalityName,
  provinceName: announcements.provinceName,
  rooms: announcements.rooms,
  bathrooms: announcements.bathrooms,
  surfaceM2: announcements.surfaceM2,
  publishedAt: announcements.publishedAt,
  coverImage: announcements.coverImage,
  previousPrice: announcements.previousPrice,
  priceChangedAt: announcements.priceChangedAt,
};
// Written once (`"property_id" as "propertyId", ...`): the query builder spent ~110 µs of CPU per search
// building the select and ~60 µs mapping its rows, about what PostgreSQL now spends planning and running
// it, and the API process is what saturates first on cache misses (docs/PERFORMANCE.md).
const selectList = sql.raw(
  Object.entries(cardColumns)
    .map(([key, column]) => `"${column.name}" as "${key}"`)
    .join(', '),
);
/** A row as both drivers return it: numbers, parsed jsonb, and timestamps as PostgreSQL's text. */
type CardRow = Omit<
  Pick<typeof announcements.$inferSelect, keyof typeof cardColumns>,
  'publishedAt' | 'priceChangedAt'
> & {
  publishedAt: string | null;
  priceChangedAt: string | null;
};

/**
 * Refreshes the card columns of the announcements matched by `where` from their sources, giving what
 * joining them would: the property's reference, bathrooms and type, the display names of the
 * announcement's own province and municipality, and the photo `cover_image_id` names. Called wherever
 * one of those changes (publication, property edit, photos, INE import, seed, factories); migration 0004
 * backfilled existing rows with the same statement.
 */
export async function refreshCards(db: Db, where: SQL): Promise<void> {
  await db
    .update(announcements)
    .set({
      reference: sql`${properties.reference}`,
      bathrooms: sql`${properties.bathrooms}`,
      propertyTypeCode: sql`${properties.propertyTypeCode}`,
      municipalityName: sql`(select ${municipalities.displayName} from ${municipalities} where ${municipalities.code} = ${announcements.municipalityCode})`,
      provinceName: sql`(select ${provinces.displayName} from ${provinces} where ${provinces.code} = ${announcements.provinceCode})`,
      coverImage: sql`(select jsonb_build_object('id', ${propertyImages.id}, 'storageKey', ${propertyImages.storageKey}, 'width', ${propertyImages.width}, 'height', ${propertyImages.height}, 'color', ${propertyImages.color}) from ${propertyImages} where ${propertyImages.id} = ${announcements.coverImageId})`,
    })
    .from(properties)
    .where(and(eq(properties.id, announcements.propertyId), where));
}

export async function searchAnnouncements(db: Db, f: Filters): Promise<SearchResponse> {
  const where = filterConditions(f);
  if (f.cursor) where.push(afterCursor(f.sort, decodeCursor(f.cursor)));
  const result = await db.execute(
    sql`select ${selectList} from ${announcements} where ${and(...where)} order by ${orderBy[f.sort]} limit ${f.limit + 1}`,
  );
  const rows = (result as { rows: CardRow[] }).rows;

  const now = new Date();
  const page = rows.slice(0, f.limit).map((row) => toCard(row, now));
  const last = page.at(-1);
  const nextCursor =
    rows.length > f.limit && last
      ? encodeCursor({ v: f.sort === 'newest' ? (last.publishedAt ?? '') : (last.price ?? 0), i: last.id })
      : null;
  return { items: page, nextCursor };
}

function toCard(row: CardRow, now: Date): AnnouncementCard {
  return {
    id: row.id,
    propertyId: row.propertyId,
    reference: row.reference,
    typeCode: row.typeCode,
    offerTypeCode: row.offerTypeCode,
    title: row.customTitle || defaultTitle(row.typeCode, row.propertyTypeCode, row.municipalityName),
    price: row.price,
    highestOffer: row.highestOffer,
    offersCount: row.offersCount,
    municipalityName: row.municipalityName,
    provinceName: row.provinceName,
    rooms: row.rooms,
    bathrooms: row.bathrooms,
    surfaceM2: row.surfaceM2,
    // The text PostgreSQL sends ("2026-11-22 09:30:00.123+00"), read as drizzle's timestamp column does.
    publishedAt: row.publishedAt === null ? null : new Date(row.publishedAt).toISOString(),
    image: row.coverImage ? toImageDto(row.coverImage) : null,
    priceDrop: priceDropOf(
      { price: row.price, previousPrice: row.previousPrice, changedAt: row.priceChangedAt },
      now,
    ),
  };
}
