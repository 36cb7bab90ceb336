import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import { outboxMessage } from '@casaoferta/domain/schemas/user-settings';
import type { Db } from '../../db/client';
import { latestMessages } from '../../platform/outbox';
import type { SecretKeys } from '../../platform/secret-keys';
import { access } from '../../platform/access';

/**
 * GET /api/dev/outbox: the messages the outbox stored (one-time codes included), newest first.
 * Registered only when `config.devTools` (loopback host, no PUBLIC_URL, not production), so anywhere
 * else it is a plain 404. There is no session shortcut: e2e sessions come from the factories
 * (docs/decisions/010-no-dev-door.md).
 */
export function devRoutes(db: Db, keys: SecretKeys) {
  return async (instance: FastifyInstance) => {
    instance.withTypeProvider<ZodTypeProvider>().get(
      '/api/dev/outbox',
      {
        config: { access: access.public },
        schema: {
          tags: ['development'],
          summary: 'Development only: stored SMS, e-mail and WhatsApp messages',
          response: { 200: envelope(z.array(outboxMessage)) },
        },
      },
      async () => ({
        data: (await latestMessages(db, keys)).map((m) => ({
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
