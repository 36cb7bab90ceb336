import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import {
  conversation,
  conversationQuery,
  message,
  messageInput,
  readInput,
  reportInput,
  reportResult,
  unreadCounts as unreadCountsSchema,
} from '@casaoferta/domain/schemas/messages';
import type { Db } from '../../db/client';
import { access } from '../../platform/access';
import { requireUser } from '../../platform/auth';
import { markRead, readConversation, reportConversation, sendMessage, unreadCounts } from './conversation';
import type { ConversationStreams } from './live';

const tags = ['messages'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });

/**
 * The conversation of an offer between its owner and its candidate (issue 27 point 1, decision 038).
 * Only those two: anyone else gets 404. An agent acting as one of them may read (audited like every
 * impersonated request) but not write, mark as read or report (403).
 */
export function messageRoutes(db: Db, streams: ConversationStreams) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.addHook('preClose', async () => streams.closeAll());

    app.get(
      '/api/offer/:id/conversation',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'Read the conversation of an offer (the owner of its announcement, or its candidate)',
          description:
            'The last 100 messages (older ones with `?before=` the first id). Until the announcement is ' +
            'paid, names are first names and phones, e-mail addresses, links and the parties’ surnames in ' +
            'the texts read as «[teléfono oculto]»… for both sides (masked when read: once paid they show). ' +
            '`seen` marks my messages the other side has read. Reading does not mark as read (PUT …/read ' +
            'does). 404 for anyone else.',
          security,
          params: idParams,
          querystring: conversationQuery,
          response: { 200: envelope(conversation) },
        },
      },
      async (request) => ({
        data: await readConversation(
          db,
          requireUser(request).user.id,
          request.params.id,
          request.query.before,
        ),
      }),
    );

    app.post(
      '/api/offer/:id/messages',
      {
        config: { access: access.ownerOnly },
        schema: {
          tags,
          summary: 'Write a message in the conversation of an offer',
          description:
            'Text only: trimmed, NFC, 1–2,000 characters (400 `MESSAGE_EMPTY`, `MESSAGE_TOO_LONG`, ' +
            '`MESSAGE_INVALID_CHARACTERS` for control characters; nothing stored). The client generates ' +
            '`id`: the same id and text again answers the stored message (200), another text 409 ' +
            '`MESSAGE_ID_REUSED`. 429 `MESSAGES_TOO_FAST` past 20 messages a minute or 500 a day per ' +
            'person (every process counts); 409 `CONVERSATION_CLOSED` when the other side is blocked. ' +
            'An agent acting as the person: 403. The other side hears it live and, if they have not ' +
            'read it within 2 minutes, by a notice (at most one per conversation every 15 minutes).',
          security,
          params: idParams,
          body: messageInput,
          response: { 200: envelope(message), 201: envelope(message) },
        },
      },
      async (request, reply) => {
        const result = await sendMessage(db, requireUser(request).user.id, request.params.id, request.body);
        return reply.status(result.created ? 201 : 200).send({ data: result.message });
      },
    );

    app.put(
      '/api/offer/:id/conversation/read',
      {
        config: { access: access.ownerOnly },
        schema: {
          tags,
          summary: 'Mark the conversation read up to a message (the other side sees «Visto»)',
          description: 'Never goes backwards nor past the last message. An agent acting as the person: 403.',
          security,
          params: idParams,
          body: readInput,
          response: { 200: envelope(z.object({ lastReadId: z.number().int() })) },
        },
      },
      async (request) => ({
        data: await markRead(db, requireUser(request).user.id, request.params.id, request.body.lastMessageId),
      }),
    );

    app.post(
      '/api/offer/:id/conversation/report',
      {
        config: { access: access.ownerOnly },
        schema: {
          tags,
          summary: '«Denunciar» the conversation, or one message of the other side',
          description:
            'A reason from the list and an optional text (500 characters). Once per person and thing: ' +
            'again answers the same. The conversation joins the agents’ reported conversations (even before ' +
            'anyone wrote). 404 for a message that is not the other side’s.',
          security,
          params: idParams,
          body: reportInput,
          response: { 201: envelope(reportResult) },
        },
      },
      async (request, reply) => {
        await reportConversation(db, requireUser(request).user.id, request.params.id, request.body);
        return reply.status(201).send({ data: { reported: true as const } });
      },
    );

    app.get(
      '/api/offer/:id/conversation/events',
      {
        config: { access: access.owner },
        exposeHeadRoute: false,
        schema: {
          tags,
          summary: 'Follow a conversation live (server-sent events)',
          description:
            'text/event-stream: first `ready` (read the conversation now), then `message` (a new message: ' +
            '`mine` says whose) and `read` (a read mark moved: «Visto»). Caps, heartbeat and lifetime as ' +
            'the announcement’s stream (decision 015); after the listener reconnects, `ready` again. 404 ' +
            'for anyone but the two parties. Under app.inject the stream ends after `ready`.',
          security,
          params: idParams,
        },
      },
      async (request, reply) => {
        await streams.serve(request, reply, request.params.id);
      },
    );

    app.get(
      '/api/messages/unread',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: 'My unread messages, in all and per offer (the menu and the offers lists)',
          security,
          response: { 200: envelope(unreadCountsSchema) },
        },
      },
      async (request) => ({ data: await unreadCounts(db, requireUser(request).user.id) }),
    );
  };
}
