import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import { currentUser } from '@casaoferta/domain/schemas/auth';
import {
  notificationSettings,
  notificationSettingsInput,
  storedNotificationSettings,
  supportAccess,
} from '@casaoferta/domain/schemas/user-settings';
import {
  emailChangeRequest,
  emailConfirmRequest,
  emailState,
  unsubscribeRequest,
  unsubscribeResponse,
} from '@casaoferta/domain/schemas/user-email';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import { toCurrentUser } from '../authentication/current-user';
import { saveNotificationSettings } from './notification-settings';
import { listSupportAccess } from './support-access';
import { confirmEmail, emailStateOf, removeEmail, requestEmailChange, unsubscribe } from './email';
import { access } from '../../platform/access';

const tags = ['user'];
const security = [{ bearer: [] }];
const userWithSettings = currentUser.extend({
  notificationSettings,
  supportAccess: z.array(supportAccess),
});

/** `origin` is the app's address for the links in e-mails (config.publicOrigin, never the request's). */
export function userRoutes(db: Db, origin: string) {
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
            notificationSettings: storedNotificationSettings(auth.user.notificationSettings),
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
          summary:
            'Replace the notification settings (per kind: the channels it may use and the preferred one)',
          description:
            'Each event is sent on one channel (issue 23): `preferred` when it is on and reachable, else ' +
            'WhatsApp, SMS, e-mail in that order (null: automatic). 400 `INVALID_INPUT` for a preferred ' +
            'channel turned off; 409 `EMAIL_NOT_CONFIRMED` for e-mail preferred without a confirmed address.',
          security,
          body: notificationSettingsInput,
          response: { 200: envelope(notificationSettings) },
        },
      },
      async (request) => ({
        data: await saveNotificationSettings(db, requireUser(request).user.id, request.body),
      }),
    );

    app.get(
      '/api/user/email',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: 'The confirmed e-mail address and the one waiting for its confirmation link',
          security,
          response: { 200: envelope(emailState) },
        },
      },
      async (request) => ({ data: await emailStateOf(db, requireUser(request).user.id) }),
    );

    app.put(
      '/api/user/email',
      {
        config: {
          access: access.user,
          // Each request sends an e-mail: ten an hour per person.
          rateLimit: {
            max: 10,
            timeWindow: '1 hour',
            keyGenerator: (request: FastifyRequest) => request.auth?.user.id ?? request.ip,
          },
        },
        schema: {
          tags,
          summary: 'Give an e-mail address: a confirmation link is sent to it (valid 24 h)',
          description:
            'Notices keep going to the confirmed address (if any) until the link is opened. A new request ' +
            'replaces the previous link. The confirmed address again drops what was waiting.',
          security,
          body: emailChangeRequest,
          response: { 200: envelope(emailState) },
        },
      },
      async (request) => ({
        data: await requestEmailChange(db, requireUser(request).user.id, request.body.email, origin),
      }),
    );

    app.delete(
      '/api/user/email',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: 'Remove the e-mail address (no e-mail notices; a waiting link stops working)',
          security,
          response: { 200: envelope(emailState) },
        },
      },
      async (request) => ({ data: await removeEmail(db, requireUser(request).user.id) }),
    );

    app.post(
      '/api/user/email/confirm',
      {
        config: { access: access.public, rateLimit: { max: 60, timeWindow: '15 minutes' } },
        schema: {
          tags,
          summary: 'Confirm an e-mail address with the token of its link (works once, without logging in)',
          description: '400 `EMAIL_LINK_INVALID` for an unknown, used or expired token; 409 `EMAIL_IN_USE`.',
          body: emailConfirmRequest,
          response: { 200: envelope(z.object({ email: z.string() })) },
        },
      },
      async (request) => ({ data: await confirmEmail(db, request.body.token) }),
    );

    app.post(
      '/api/user/email/unsubscribe',
      {
        config: { access: access.public, rateLimit: { max: 60, timeWindow: '15 minutes' } },
        schema: {
          tags,
          summary:
            "Every e-mail's unsubscribe link: turns e-mail notices off (or, with `kind` 'favourites', the " +
            "favourites' alerts on every channel), without logging in",
          description: '404 `UNSUBSCRIBE_LINK_INVALID` for an unknown token.',
          body: unsubscribeRequest,
          response: { 200: envelope(unsubscribeResponse) },
        },
      },
      async (request) => ({ data: await unsubscribe(db, request.body.token, request.body.kind) }),
    );
  };
}
