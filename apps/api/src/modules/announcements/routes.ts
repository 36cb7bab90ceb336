import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import {
  listingAdministrator,
  ownerAnnouncement,
  ownerProperty,
  rentalDraftInput,
  rentalInput,
  roomRentalDraftInput,
  roomRentalInput,
  saleDraftInput,
  saleInput,
} from '@casaoferta/domain/schemas/owner-listings';
import type { OwnerAction } from '@casaoferta/domain/rules/announcement-lifecycle';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import { findOwnedAnnouncement } from '../properties/owned';
import { discardDraft, runOwnerAction } from './lifecycle';
import { announcementAdministrator, propertyAdministrator } from './administrator';
import { listOwnerProperties } from './my-properties';
import { listOwnerAnnouncements, ownerAnnouncementView } from './owner-view';
import { saveAnnouncement, type AnnouncementKind } from './save-announcement';
import { access } from '../../platform/access';

const tags = ['announcements'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });
const one = { 200: envelope(ownerAnnouncement) };
const draftId = { id: z.uuid().optional() };

export function announcementRoutes(db: Db) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    const drafts: [string, AnnouncementKind, z.ZodObject][] = [
      ['/api/announcement/draft', 'rental', rentalDraftInput.extend(draftId)],
      ['/api/announcement/sale/draft', 'sale', saleDraftInput.extend(draftId)],
      ['/api/announcement/room-rental/draft', 'room', roomRentalDraftInput.extend(draftId)],
    ];
    for (const [path, kind, body] of drafts) {
      app.post(
        path,
        {
          config: { access: access.owner },
          schema: {
            tags,
            summary: `Save a ${kind} announcement draft (partial; \`id\` continues it)`,
            security,
            body,
            response: one,
          },
        },
        async (request) => {
          const { id, ...input } = request.body as { id?: string; propertyId: string };
          return { data: await saveAnnouncement(db, requireUser(request).user.id, kind, input, id) };
        },
      );
    }

    const creates: [string, AnnouncementKind, z.ZodObject][] = [
      ['/api/announcement/sale', 'sale', saleInput],
      ['/api/announcement/room-rental', 'room', roomRentalInput],
    ];
    for (const [path, kind, body] of creates) {
      app.post(
        path,
        {
          config: { access: access.owner },
          schema: {
            tags,
            summary: `Create a complete ${kind} announcement (a draft ready to publish)`,
            security,
            body,
            response: { 201: envelope(ownerAnnouncement) },
          },
        },
        async (request, reply) => {
          const input = request.body as { propertyId: string };
          return reply
            .status(201)
            .send({ data: await saveAnnouncement(db, requireUser(request).user.id, kind, input) });
        },
      );
    }

    const updates: [string, AnnouncementKind, z.ZodObject][] = [
      ['/api/announcement/:id', 'rental', rentalInput],
      ['/api/announcement/:id/sale', 'sale', saleInput],
      ['/api/announcement/:id/room-rental', 'room', roomRentalInput],
    ];
    for (const [path, kind, body] of updates) {
      app.put(
        path,
        {
          config: { access: access.owner },
          schema: {
            tags,
            summary: `Update a ${kind} announcement (draft or rejected only)`,
            security,
            params: idParams,
            body,
            response: one,
          },
        },
        async (request) => {
          const input = request.body as { propertyId: string };
          return {
            data: await saveAnnouncement(db, requireUser(request).user.id, kind, input, request.params.id),
          };
        },
      );
    }

    app.get(
      '/api/announcement/in-progress',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: "The caller's announcements in every state",
          security,
          response: { 200: envelope(z.array(ownerAnnouncement)) },
        },
      },
      async (request) => ({ data: await listOwnerAnnouncements(db, requireUser(request).user.id) }),
    );

    app.get(
      '/api/announcement/properties',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: "The caller's properties",
          security,
          response: { 200: envelope(z.array(ownerProperty)) },
        },
      },
      async (request) => ({ data: await listOwnerProperties(db, requireUser(request).user.id) }),
    );

    const administratorRoutes: [string, string, typeof announcementAdministrator][] = [
      ['/api/announcement/:id/administrator', 'announcement', announcementAdministrator],
      ['/api/announcement/property/:id/administrator', 'property', propertyAdministrator],
    ];
    for (const [path, what, answer] of administratorRoutes) {
      app.get(
        path,
        {
          config: { access: access.user },
          schema: {
            tags,
            summary: `Whether the caller administers (owns) the ${what}`,
            description:
              `For the public page: its owner gets 'Gestionar anuncio' instead of the tenant's buttons. ` +
              `Another user's ${what} answers \`administrator: false\` while it is on show, and 404 ` +
              '`NOT_FOUND` otherwise (a draft is never revealed). Needs a session (401); an agent ' +
              'impersonating a user asks as that user.',
            security,
            params: idParams,
            response: { 200: envelope(listingAdministrator) },
          },
        },
        async (request) => ({ data: await answer(db, request.params.id, requireUser(request).user.id) }),
      );
    }

    app.get(
      '/api/announcement/:id',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'One of the caller’s announcements, with the actions allowed now',
          security,
          params: idParams,
          response: one,
        },
      },
      async (request) => {
        await findOwnedAnnouncement(db, request.params.id, requireUser(request).user.id);
        return { data: await ownerAnnouncementView(db, request.params.id) };
      },
    );

    const actions: ['POST' | 'PUT', string, Exclude<OwnerAction, 'edit' | 'discardDraft'>, string][] = [
      ['POST', 'publish', 'publish', 'Send to validation (the property must be validated)'],
      ['POST', 'withdraw', 'withdraw', 'Withdraw the announcement'],
      ['PUT', 'close-bidding', 'closeBidding', 'Close bidding (no new offers)'],
      [
        'PUT',
        'reactivate',
        'reactivate',
        'Reopen bidding, or send a withdrawn or ended one back to validation',
      ],
      ['PUT', 'request-review', 'requestReview', 'Ask for a new review after a rejection'],
    ];
    for (const [method, path, action, summary] of actions) {
      app.route({
        method,
        url: `/api/announcement/:id/${path}`,
        config: { access: access.owner },
        schema: { tags, summary, security, params: idParams, response: one },
        handler: async (request) => {
          const { id } = idParams.parse(request.params);
          const view = await runOwnerAction(db, requireUser(request).user.id, id, action);
          return { data: view };
        },
      });
    }

    app.post(
      '/api/announcement/:id/draft-withdraw',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'Discard a draft announcement',
          security,
          params: idParams,
          response: { 200: envelope(z.object({ discarded: z.literal(true) })) },
        },
      },
      async (request) => {
        await discardDraft(db, requireUser(request).user.id, request.params.id);
        return { data: { discarded: true as const } };
      },
    );
  };
}
