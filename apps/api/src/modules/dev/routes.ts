import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import { outboxMessage } from '@casaoferta/domain/schemas/user-settings';
import { DEV_TOOLS_TOKEN_HEADER } from '@casaoferta/domain/dev-tools';
import type { Db } from '../../db/client';
import { latestMessages } from '../../platform/outbox';
import type { SecretKeys } from '../../platform/secret-keys';
import { access, notFoundForEveryActor } from '../../platform/access';
import { sendError } from '../../platform/errors';
import { sameSecret, viaProxy } from '../../platform/local-only';

/**
 * GET /api/dev/outbox: the messages the outbox stored (one-time codes included), newest first.
 * Registered only when `config.devTools` (loopback host, no PUBLIC_URL nor TRUST_PROXY, not production),
 * so anywhere else it is a plain 404. Even then it answers only the holder of the token printed in the
 * start log (`X-Dev-Tools-Token`) on a request that came through no proxy; any other request gets the
 * same 404 as a route that does not exist (decisions 010 and 027). There is no session shortcut: e2e
 * sessions come from the factories.
 */
export function devRoutes(db: Db, token: string, keys: SecretKeys) {
  return async (instance: FastifyInstance) => {
    instance.withTypeProvider<ZodTypeProvider>().get(
      '/api/dev/outbox',
      {
        // Public to the gate, but its secret is the printed token, not a session: no actor of the access
        // matrix holds it, so each gets the 404 of a missing route (dev.test.ts proves the token opens it).
        config: { access: access.public, matrix: notFoundForEveryActor },
        schema: {
          tags: ['development'],
          summary: 'Development only: stored SMS, e-mail and WhatsApp messages',
          description: `Local starts only, with the token printed in the start log in \`${DEV_TOOLS_TOKEN_HEADER}\`; 404 otherwise or through a proxy.`,
          response: { 200: envelope(z.array(outboxMessage)) },
        },
      },
      async (request, reply) => {
        if (viaProxy(request.headers) || !sameSecret(request.headers[DEV_TOOLS_TOKEN_HEADER], token)) {
          return sendError(reply, 'ROUTE_NOT_FOUND');
        }
        return {
          data: (await latestMessages(db, keys)).map((m) => ({
            id: m.id,
            channel: m.channel,
            recipient: m.recipient,
            subject: m.subject,
            body: m.body,
            createdAt: m.createdAt.toISOString(),
          })),
        };
      },
    );
  };
}
