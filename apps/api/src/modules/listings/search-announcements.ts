import { and, arrayContains, asc, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
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
import { decodeCursor, encodeCursor, type Cursor } from './cursor';
import { defaultTitle } from '@casaoferta/domain/titles';

type Filters = z.output<typeof searchRequest>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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

const orderBy = {
  newest: [desc(announcements.publishedAt), desc(announcements.id)],
  'price-asc': [asc(announcements.price), asc(announcements.id)],
  'price-desc': [desc(announcements.price), desc(announcements.id)],
} as const;

/** The card's columns: the announcement, its property, place names and cover photo. */
const selectCards = (db: Db) =>
  db
    .select({
      a: {
        id: announcements.id,
        propertyId: announcements.propertyId,
        typeCode: announcements.typeCode,
        offerTypeCode: announcements.offerTypeCode,
        customTitle: announcements.customTitle,
        price: announcements.price,
        highestOffer: announcements.highestOffer,
        offersCount: announcements.offersCount,
        rooms: announcements.rooms,
        surfaceM2: announcements.surfaceM2,
        publishedAt: announcements.publishedAt,
      },
      reference: properties.reference,
      bathrooms: properties.bathrooms,
      propertyTypeCode: properties.propertyTypeCode,
      municipalityName: municipalities.displayName,
      provinceName: provinces.displayName,
      image: propertyImages,
    })
    .from(announcements)
    .innerJoin(properties, eq(properties.id, announcements.propertyId))
    .leftJoin(municipalities, eq(municipalities.code, announcements.municipalityCode))
    .leftJoin(provinces, eq(provinces.code, announcements.provinceCode))
    .leftJoin(propertyImages, eq(propertyImages.id, announcements.coverImageId));

export async function searchAnnouncements(db: Db, f: Filters): Promise<SearchResponse> {
  const where = filterConditions(f);
  if (f.cursor) where.push(afterCursor(f.sort, decodeCursor(f.cursor)));
  const rows = await selectCards(db)
    .where(and(...where))
    .orderBy(...orderBy[f.sort])
    .limit(f.limit + 1);

  const page = rows.slice(0, f.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > f.limit && last
      ? encodeCursor({
          v: f.sort === 'newest' ? (last.a.publishedAt?.toISOString() ?? '') : (last.a.price ?? 0),
          i: last.a.id,
        })
      : null;
  return { items: page.map(toCard), nextCursor };
}

type SearchRow = Awaited<ReturnType<typeof selectCards>>[number];

function toCard(row: SearchRow): AnnouncementCard {
  const { a } = row;
  return {
    id: a.id,
    propertyId: a.propertyId,
    reference: row.reference,
    typeCode: a.typeCode,
    offerTypeCode: a.offerTypeCode,
    title: a.customTitle || defaultTitle(a.typeCode, row.propertyTypeCode, row.municipalityName),
    price: a.price,
    highestOffer: a.highestOffer,
    offersCount: a.offersCount,
    municipalityName: row.municipalityName,
    provinceName: row.provinceName,
    rooms: a.rooms,
    bathrooms: row.bathrooms,
    surfaceM2: a.surfaceM2,
    publishedAt: a.publishedAt?.toISOString() ?? null,
    image: row.image ? toImageDto(row.image) : null,
  };
}
