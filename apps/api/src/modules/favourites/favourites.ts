import { and, desc, eq, sql } from 'drizzle-orm';
import { AnnouncementStatus } from '@casaoferta/domain/codes';
import type { FavouriteItem, FavouriteState, FavouritesPage } from '@casaoferta/domain/schemas/favourites';
import type { Db } from '../../db/client';
import { announcements, favourites } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { toImageDto } from '../../platform/media';
import { decodeCursor, encodeCursor } from '../listings/cursor';
import { isLive } from '../listings/search-announcements';
import { announcementTitle } from '../offers/views';

/** How many hearts the catalogue learns at once (a person with more sees the newest ones filled). */
export const FAVOURITE_IDS_MAX = 1000;

/**
 * PUT /api/favourites/{announcementId}: idempotent; one row per person and announcement, by the table's
 * primary key (a repeated or concurrent PUT inserts nothing more). Only an announcement on show can
 * become a favourite (404 otherwise); one already kept stays kept whatever its state now.
 */
export async function addFavourite(db: Db, userId: string, announcementId: string): Promise<void> {
  const inserted = await db.execute(sql`
    insert into ${favourites} (user_id, announcement_id)
    select ${userId}, ${announcements.id} from ${announcements}
    where ${and(eq(announcements.id, announcementId), isLive())}
    on conflict (user_id, announcement_id) do nothing
    returning announcement_id`);
  if ((inserted as { rows: unknown[] }).rows.length > 0) return;
  const [kept] = await db
    .select({ id: favourites.announcementId })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.announcementId, announcementId)));
  if (!kept) throw new DomainError('NOT_FOUND');
}

/** DELETE /api/favourites/{announcementId}: idempotent (nothing to remove is a success too). */
export async function removeFavourite(db: Db, userId: string, announcementId: string): Promise<void> {
  await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.announcementId, announcementId)));
}

/** GET /api/favourites/ids: the announcements the person keeps, newest first (the catalogue's hearts). */
export async function favouriteIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: favourites.announcementId })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.announcementId))
    .limit(FAVOURITE_IDS_MAX);
  return rows.map((row) => row.id);
}

/** What a favourite's announcement is now, from its state and period. */
export function favouriteState(statusCode: string, endsAt: Date | null, now: Date): FavouriteState {
  switch (statusCode) {
    case AnnouncementStatus.Validated:
      return endsAt !== null && endsAt.getTime() > now.getTime() ? 'onShow' : 'ended';
    case AnnouncementStatus.BiddingClosed:
      return 'offersClosed';
    case AnnouncementStatus.TenantSelected:
    case AnnouncementStatus.Closed:
      return 'decided';
    case AnnouncementStatus.Ended:
      return 'ended';
    default:
      // Withdrawn by its owner, or back with the agents: not on show.
      return 'withdrawn';
  }
}

/** GET /api/favourites: "Mis favoritos", newest first, by keyset on (saved at, announcement). */
export async function listFavourites(
  db: Db,
  userId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<FavouritesPage> {
  const conditions = [eq(favourites.userId, userId)];
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    if (typeof cursor.v !== 'string') throw new DomainError('INVALID_INPUT', 'cursor');
    conditions.push(
      sql`(${favourites.createdAt}, ${favourites.announcementId}) < (${cursor.v}::timestamptz, ${cursor.i}::uuid)`,
    );
  }
  const rows = await db
    .select({ savedAt: favourites.createdAt, a: announcements })
    .from(favourites)
    .innerJoin(announcements, eq(announcements.id, favourites.announcementId))
    .where(and(...conditions))
    .orderBy(desc(favourites.createdAt), desc(favourites.announcementId))
    .limit(query.limit + 1);
  const now = new Date();
  const items: FavouriteItem[] = rows.slice(0, query.limit).map(({ savedAt, a }) => ({
    announcementId: a.id,
    propertyId: a.propertyId,
    title: announcementTitle(a),
    typeCode: a.typeCode,
    price: a.price,
    lastChange:
      a.previousPrice !== null && a.priceChangedAt !== null && a.price !== null
        ? { oldPrice: a.previousPrice, newPrice: a.price, changedAt: a.priceChangedAt.toISOString() }
        : null,
    state: favouriteState(a.statusCode, a.endsAt, now),
    municipalityName: a.municipalityName,
    image: a.coverImage ? toImageDto(a.coverImage) : null,
    savedAt: savedAt.toISOString(),
  }));
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ v: last.savedAt, i: last.announcementId }) : null,
  };
}
