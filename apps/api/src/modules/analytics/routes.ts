import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import { pageViewRequest } from '@casaoferta/domain/schemas/analytics';
import type { Db } from '../../db/client';
import { pageViews } from '../../db/schema/index';
import { access } from '../../platform/access';

/**
 * Page views. The web app sends them only after the visitor consented to analytics cookies
 * (SPEC 2.2, 3); nothing identifying is stored: path and referrer path only.
 */
export function analyticsRoutes(db: Db) {
  return async (instance: FastifyInstance) => {
    instance.withTypeProvider<ZodTypeProvider>().post(
      '/api/analytics/page-view',
      {
        config: { access: access.public, rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['analytics'],
          summary: 'Record a page view (sent only with analytics consent)',
          body: pageViewRequest,
          response: { 201: envelope(z.object({ recorded: z.literal(true) })) },
        },
      },
      async (request, reply) => {
        await db
          .insert(pageViews)
          .values({ path: request.body.path, referrer: request.body.referrer ?? null });
        return reply.status(201).send({ data: { recorded: true as const } });
      },
    );
  };
}
