import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import { outboxMessage } from '@casaoferta/domain/schemas/user-settings';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { createUser } from '../../db/factories';
import { createSession } from '../../platform/auth';
import { DomainError } from '../../platform/errors';
import { latestMessages } from '../../platform/outbox';

/**
 * GET /api/dev/outbox: the messages the outbox stored (one-time codes included), newest first.
 * Registered only outside production (app.ts), so there it is a plain 404.
 */
export function devRoutes(db: Db) {
  return async (instance: FastifyInstance) => {
    // Development and e2e fixtures: a session for an existing user without the SMS round trip (the
    // real flow keeps its per-phone limits; tests that are not about login should not spend them).
    instance.withTypeProvider<ZodTypeProvider>().post(
      '/api/dev/session',
      {
        schema: {
          tags: ['development'],
          summary: 'Development only: a session by phone number (creates the user when a name is given)',
          body: z.object({
            phoneNumber: z.string().regex(/^\+\d{8,15}$/),
            name: z.string().trim().min(1).max(80).optional(),
          }),
          response: { 200: envelope(z.object({ token: z.string() })) },
        },
      },
      async (request) => {
        const { phoneNumber, name } = request.body;
        const [existing] = await db.select().from(users).where(eq(users.phoneNumber, phoneNumber));
        const user =
          existing ??
          (name ? await createUser(db, { phoneNumber, name, surname: 'Pruebas', countryCode: 'ES' }) : null);
        if (!user || user.isBlocked) throw new DomainError('NOT_FOUND');
        const { token } = await createSession(db, { userId: user.id, kind: 'user' });
        return { data: { token } };
      },
    );

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
