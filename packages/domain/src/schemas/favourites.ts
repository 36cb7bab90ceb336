import { z } from 'zod';
import { imageDto } from './listings';

/**
 * Issue 26 points 2 and 4 (decision 037): favourites and the price changes they are told of.
 */

/** PUT /api/announcement/{id}/price: the owner's new price of a live announcement (whole euros). */
export const priceChangeRequest = z.object({ price: z.number().int().min(1).max(50_000_000) });
export type PriceChangeRequest = z.infer<typeof priceChangeRequest>;

/** The public price, the one waiting for an agent (null: none), and the revision an agent names. */
export const priceChangeState = z.object({
  price: z.number().int().nullable(),
  pendingPrice: z.number().int().nullable(),
  revision: z.number().int(),
});
export type PriceChangeState = z.infer<typeof priceChangeState>;

/** POST /api/agents/announcement/{id}/price */
export const priceChangeDecision = z.object({
  approve: z.boolean(),
  revision: z.number().int().min(1),
});

/** What a favourite's announcement is now, as "Mis favoritos" tells it. */
export const favouriteStates = ['onShow', 'offersClosed', 'decided', 'withdrawn', 'ended'] as const;
export type FavouriteState = (typeof favouriteStates)[number];

export const favouriteItem = z.object({
  announcementId: z.uuid(),
  propertyId: z.uuid(),
  title: z.string(),
  typeCode: z.string(),
  price: z.number().int().nullable(),
  /** The last public price change (any age), else null: "Ha bajado 50 €" / "Ha subido 20 €". */
  lastChange: z
    .object({ oldPrice: z.number().int(), newPrice: z.number().int(), changedAt: z.iso.datetime() })
    .nullable(),
  state: z.enum(favouriteStates),
  municipalityName: z.string().nullable(),
  image: imageDto.nullable(),
  savedAt: z.iso.datetime(),
});
export type FavouriteItem = z.infer<typeof favouriteItem>;

/** GET /api/favourites: newest first, by keyset (`cursor` from the previous page). */
export const favouritesQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const favouritesPage = z.object({
  items: z.array(favouriteItem),
  nextCursor: z.string().nullable(),
});
export type FavouritesPage = z.infer<typeof favouritesPage>;

/** GET /api/favourites/ids: the hearts of the catalogue, fetched after its first paint. */
export const favouriteIds = z.object({ ids: z.array(z.uuid()) });
export type FavouriteIds = z.infer<typeof favouriteIds>;

/** PUT and DELETE /api/favourites/{announcementId} */
export const favouriteToggle = z.object({ announcementId: z.uuid(), favourite: z.boolean() });
