import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import type { Database } from '../../db/client';
import { DomainError } from '../../platform/errors';
import { access } from '../../platform/access';

const healthResponse = envelope(
  z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), uptimeSeconds: z.number() }),
);

export function healthRoutes(database: Database) {
  return async (instance: FastifyInstance) => {
    instance.withTypeProvider<ZodTypeProvider>().get(
      '/api/health',
      {
        config: { access: access.public },
        schema: {
          tags: ['platform'],
          summary: 'Liveness and database reachability',
          response: { 200: healthResponse },
        },
      },
      async (request, reply) => {
        try {
          await database.ping();
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          reply.header('Retry-After', '5');
          throw new DomainError('DATABASE_UNAVAILABLE');
        }
        return {
          data: {
            status: 'ok' as const,
            database: database.kind,
            uptimeSeconds: Math.round(process.uptime()),
          },
        };
      },
    );
  };
}
