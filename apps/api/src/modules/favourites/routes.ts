import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import {
  favouriteIds,
  favouritesPage,
  favouritesQuery,
  favouriteToggle,
} from '@casaoferta/domain/schemas/favourites';
import type { Db } from '../../db/client';
import { access } from '../../platform/access';
import { requireUser } from '../../platform/auth';
import { addFavourite, favouriteIdsOf, listFavourites, removeFavourite } from './favourites';

const tags = ['favourites'];
const security = [{ bearer: [] }];
const announcementParams = z.object({ announcementId: z.uuid() });

/**
 * A person's favourites (issue 26 point 2, decision 037). The catalogue's public answers carry no
 * per-person data: a signed-in page asks for its hearts here after its first paint.
 */
export function favouriteRoutes(db: Db) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/favourites',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: '"Mis favoritos": each favourite with its state now, newest first (keyset pages)',
          security,
          querystring: favouritesQuery,
          response: { 200: envelope(favouritesPage) },
        },
      },
      async (request) => ({ data: await listFavourites(db, requireUser(request).user.id, request.query) }),
    );

    app.get(
      '/api/favourites/ids',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: 'The announcements the caller keeps (the hearts), newest first, at most 1000',
          security,
          response: { 200: envelope(favouriteIds) },
        },
      },
      async (request) => ({ data: { ids: await favouriteIdsOf(db, requireUser(request).user.id) } }),
    );

    app.put(
      '/api/favourites/:announcementId',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: 'Keep an announcement among the favourites (idempotent)',
          description: '404 `NOT_FOUND` for an announcement that is not on show (and not kept already).',
          security,
          params: announcementParams,
          response: { 200: envelope(favouriteToggle) },
        },
      },
      async (request) => {
        await addFavourite(db, requireUser(request).user.id, request.params.announcementId);
        return { data: { announcementId: request.params.announcementId, favourite: true } };
      },
    );

    app.delete(
      '/api/favourites/:announcementId',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: 'Remove an announcement from the favourites (idempotent)',
          security,
          params: announcementParams,
          response: { 200: envelope(favouriteToggle) },
        },
      },
      async (request) => {
        await removeFavourite(db, requireUser(request).user.id, request.params.announcementId);
        return { data: { announcementId: request.params.announcementId, favourite: false } };
      },
    );
  };
}
