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
import type { Db } from '../../db/client';
import { DomainError } from '../../platform/errors';
import { getPropertyPage } from './get-property-page';
import { getAnnouncementLocation } from './get-location';
import { searchAnnouncements } from './search-announcements';
import { access } from '../../platform/access';

const idParams = z.object({ id: z.uuid() });

export function createCatalogueSearch(db: Db, cacheSeconds: number) {
  // Catalogue pages may be a few seconds stale (SEARCH_CACHE_SECONDS): popular pages cost one query.
  const cache = ttlCache<SearchResponse>({ ttlMs: cacheSeconds * 1000, maxEntries: 500 });
  return (filters: Parameters<typeof searchAnnouncements>[1]) =>
    cacheSeconds > 0
      ? cache.get(JSON.stringify(filters), () => searchAnnouncements(db, filters))
      : searchAnnouncements(db, filters);
}
export type CatalogueSearch = ReturnType<typeof createCatalogueSearch>;

export function listingRoutes(db: Db, search: CatalogueSearch) {
  const serializedPages = new WeakMap<object, string>();
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/announcement/search',
      {
        // The hot path: the answer is built from typed rows, so it is documented by its schema but not
        // re-validated on the way out (that took most of the request's CPU time; docs/PERFORMANCE.md).
        // A cached page is the same object on every hit: its JSON is written once.
        serializerCompiler: () => (data) => {
          const page = (data as { data: object }).data;
          let json = serializedPages.get(page);
          if (json === undefined) {
            json = JSON.stringify(data);
            serializedPages.set(page, json);
          }
          return json;
        },
        config: { access: access.public },
        schema: {
          tags: ['catalogue'],
          summary:
            'Search published announcements: filters, sort, keyset pagination (`cursor` from the last page)',
          body: searchRequest,
          response: { 200: envelope(searchResponse) },
        },
      },
      async (request) => ({ data: await search(request.body) }),
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
