import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import {
  propertyPage,
  searchRequest,
  searchResponse,
  type SearchResponse,
} from '@casaoferta/domain/schemas/listings';
import { ttlCache } from '../../platform/ttl-cache';
import { EncodedBody, sendEncoded } from '../../platform/encoded-body';
import type { Db } from '../../db/client';
import { DomainError } from '../../platform/errors';
import { getPropertyPage } from './get-property-page';
import { getAnnouncementLocation } from './get-location';
import { searchAnnouncements } from './search-announcements';
import { access } from '../../platform/access';

const idParams = z.object({ id: z.uuid() });

/** A catalogue page and its answer's bytes (`{ "data": page }`), compressed once per encoding. */
export interface CataloguePage {
  page: SearchResponse;
  body: EncodedBody;
}

const cataloguePage = (page: SearchResponse): CataloguePage => ({
  page,
  body: new EncodedBody(() => JSON.stringify({ data: page })),
});

export function createCatalogueSearch(db: Db, cacheSeconds: number) {
  // Catalogue pages may be a few seconds stale (SEARCH_CACHE_SECONDS): popular pages cost one query,
  // and a hit sends the bytes of the first answer in the encoding asked (decision 031).
  const cache = ttlCache<CataloguePage>({ ttlMs: cacheSeconds * 1000, maxEntries: 500 });
  const search = async (filters: Parameters<typeof searchAnnouncements>[1]) =>
    cataloguePage(await searchAnnouncements(db, filters));
  return (filters: Parameters<typeof searchAnnouncements>[1]): Promise<CataloguePage> =>
    cacheSeconds > 0 ? cache.get(JSON.stringify(filters), () => search(filters)) : search(filters);
}
export type CatalogueSearch = ReturnType<typeof createCatalogueSearch>;

export function listingRoutes(db: Db, search: CatalogueSearch) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/announcement/search',
      {
        // The hot path: the answer is built from typed rows, so it is documented by its schema but not
        // re-validated on the way out (that took most of the request's CPU time; docs/PERFORMANCE.md).
        // Its bytes are written and compressed once per cached page (sendEncoded), never again by
        // @fastify/compress.
        compress: false,
        config: { access: access.public },
        schema: {
          tags: ['catalogue'],
          summary:
            'Search published announcements: filters, sort, keyset pagination (`cursor` from the last page)',
          body: searchRequest,
          response: { 200: envelope(searchResponse) },
        },
      },
      async (request, reply) => sendEncoded(reply, (await search(request.body)).body),
    );

    app.get(
      '/api/announcement/:id/location',
      {
        config: { access: access.public },
        schema: {
          tags: ['catalogue'],
          summary: 'Where the home of a live announcement is (the street number only for its owner)',
          params: idParams,
          response: {
            200: envelope(
              z.object({
                street: z.string(),
                streetNumber: z.string().nullable(),
                postalCode: z.string().nullable(),
                municipalityCode: z.string().nullable(),
                municipalityName: z.string().nullable(),
                provinceCode: z.string().nullable(),
                provinceName: z.string().nullable(),
              }),
            ),
          },
        },
      },
      async (request) => {
        const location = await getAnnouncementLocation(db, request.params.id, request.auth?.user.id ?? null);
        if (!location) throw new DomainError('NOT_FOUND');
        return { data: location };
      },
    );

    app.get(
      '/api/property/:id',
      {
        config: { access: access.public },
        schema: {
          tags: ['catalogue'],
          summary:
            'Public page of a property with its live announcement (the owner also sees it unpublished)',
          params: idParams,
          response: { 200: envelope(propertyPage) },
        },
      },
      async (request) => {
        const page = await getPropertyPage(db, request.params.id, request.auth?.user.id ?? null);
        if (!page) throw new DomainError('NOT_FOUND');
        return { data: page };
      },
    );
  };
}
