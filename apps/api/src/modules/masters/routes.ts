import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import {
  announcementRoles,
  masterList,
  mastersResponse,
  municipalitiesRequest,
  provincesRequest,
} from '@casaoferta/domain/schemas/masters';
import type { Db } from '../../db/client';
import { createMastersCache } from './get-masters';
import { listMunicipalities, listProvinces } from './queries';
import { access } from '../../platform/access';
import { sendEncoded } from '../../platform/encoded-body';

export function mastersRoutes(db: Db) {
  const cache = createMastersCache(db);
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/masters',
      {
        // Written and compressed once per process (sendEncoded), never again by @fastify/compress.
        compress: false,
        config: { access: access.public },
        schema: {
          tags: ['masters'],
          summary: 'Master data: every list with codes and Spanish labels, and exceptionAttributes',
          response: { 200: envelope(mastersResponse), 304: z.null().describe('Not modified (ETag matched)') },
        },
      },
      async (request, reply) => {
        const { etag, body } = await cache.get();
        // The web app keeps master data for the session; revalidation is a cheap 304.
        reply.header('ETag', etag).header('Cache-Control', 'no-cache');
        if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
        return sendEncoded(reply.status(200), body);
      },
    );

    app.post(
      '/api/masters/province',
      {
        config: { access: access.public },
        schema: {
          tags: ['masters'],
          summary: 'Provinces of a country (INE), names with the article first',
          body: provincesRequest,
          response: { 200: envelope(masterList) },
        },
      },
      async (request) => ({ data: await listProvinces(db, request.body.countryCode) }),
    );

    app.post(
      '/api/masters/municipality',
      {
        config: { access: access.public },
        schema: {
          tags: ['masters'],
          summary: 'Municipalities of a province (INE), names with the article first',
          body: municipalitiesRequest,
          response: { 200: envelope(masterList) },
        },
      },
      async (request) => ({ data: await listMunicipalities(db, request.body.provinceCode) }),
    );

    app.get(
      '/api/masters/announcement-roles',
      {
        config: { access: access.public },
        schema: {
          tags: ['masters'],
          summary: 'Roles a user can play in an announcement',
          response: { 200: envelope(masterList) },
        },
      },
      async () => ({ data: [...announcementRoles] }),
    );
  };
}
