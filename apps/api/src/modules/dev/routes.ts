import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import { outboxMessage } from '@casaoferta/domain/schemas/user-settings';
import type { Db } from '../../db/client';
import { latestMessages } from '../../platform/outbox';

/**
 * GET /api/dev/outbox: the messages the outbox stored (one-time codes included), newest first.
 * Registered only outside production (app.ts), so there it is a plain 404.
 */
export function devRoutes(db: Db) {
  return async (instance: FastifyInstance) => {
    instance.withTypeProvider<ZodTypeProvider>().get(
      '/api/dev/outbox',
      {
        schema: {
          tags: ['development'],
          summary: 'Development only: stored SMS, e-mail and WhatsApp messages',
          response: { 200: envelope(z.array(outboxMessage)) },
        },
      },
      async () => ({
        data: (await latestMessages(db)).map((m) => ({
          id: m.id,
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          body: m.body,
          createdAt: m.createdAt.toISOString(),
        })),
      }),
    );
  };
}
