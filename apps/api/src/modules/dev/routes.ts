import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import { outboxMessage } from '@casaoferta/domain/schemas/user-settings';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { createUser } from '../../db/factories';
import { createSession, rolesJson } from '../../platform/auth';
import { DomainError } from '../../platform/errors';
import { latestMessages } from '../../platform/outbox';
import { access } from '../../platform/access';

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
        config: { access: access.public },
        schema: {
          tags: ['development'],
          summary:
            'Development only: a session by phone or agent e-mail (creates a user when a name is given)',
          body: z.object({
            phoneNumber: z
              .string()
              .regex(/^\+\d{8,15}$/)
              .optional(),
            email: z.email().optional(),
            name: z.string().trim().min(1).max(80).optional(),
          }),
          response: { 200: envelope(z.object({ token: z.string() })) },
        },
      },
      async (request) => {
        const { phoneNumber, email, name } = request.body;
        const match = email
          ? eq(users.email, email.toLowerCase())
          : phoneNumber
            ? eq(users.phoneNumber, phoneNumber)
            : undefined;
        if (!match) throw new DomainError('INVALID_INPUT', 'phoneNumber');
        const [existing] = await db.select({ user: users, roles: rolesJson }).from(users).where(match);
        const created =
          !existing && name && phoneNumber
            ? await createUser(db, { phoneNumber, name, surname: 'Pruebas', countryCode: 'ES' })
            : null;
        const user = existing?.user ?? created;
        if (!user || user.isBlocked) throw new DomainError('NOT_FOUND');
        // An agent (a user with roles) gets an agent session, as after /login-agents.
        const kind = existing && existing.roles.length > 0 ? 'agent' : 'user';
        const { token } = await createSession(db, { userId: user.id, kind });
        return { data: { token } };
      },
    );

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
