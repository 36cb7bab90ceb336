import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { envelope } from '@casaoferta/domain/schemas/common';
import { currentUser } from '@casaoferta/domain/schemas/auth';
import {
  defaultNotificationSettings,
  notificationSettings,
  supportAccess,
} from '@casaoferta/domain/schemas/user-settings';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { requireUser } from '../../platform/auth';
import { toCurrentUser } from '../authentication/current-user';
import { listSupportAccess } from './support-access';
import { access } from '../../platform/access';

const tags = ['user'];
const security = [{ bearer: [] }];
const userWithSettings = currentUser.extend({
  notificationSettings,
  supportAccess: z.array(supportAccess),
});

export function userRoutes(db: Db) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/user',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: 'The current user with notification settings and the support accesses to the account',
          security,
          response: { 200: envelope(userWithSettings) },
        },
      },
      async (request) => {
        const auth = requireUser(request);
        return {
          data: {
            ...toCurrentUser(auth.user, auth.roles),
            notificationSettings: auth.user.notificationSettings ?? defaultNotificationSettings,
            supportAccess: await listSupportAccess(db, auth.user.id),
          },
        };
      },
    );

    app.put(
      '/api/user/notification/settings',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: 'Replace the notification settings (e-mail, SMS, WhatsApp per kind of event)',
          security,
          body: notificationSettings,
          response: { 200: envelope(notificationSettings) },
        },
      },
      async (request) => {
        const auth = requireUser(request);
        await db.update(users).set({ notificationSettings: request.body }).where(eq(users.id, auth.user.id));
        return { data: request.body };
      },
    );
  };
}
