import { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ConversationEvent } from '@casaoferta/domain/schemas/messages';
import type { Database, Db } from '../../db/client';
import { auditBeforeHijack } from '../../platform/audit';
import { auditImpersonatedRequest } from '../../platform/auth';
import { DomainError } from '../../platform/errors';
import { EventStream, StreamSlots, sseFrame, startLiveFanout, type LiveFanout } from '../../platform/live';
import type { StreamSlotSource } from '../../platform/live-slots';
import { LIVE_CLOSING_FRAME, LIVE_RETRY_AFTER_SECONDS, liveRouteDefaults } from '../offers/live-routes';
import { MESSAGE_CHANNEL, participantsOf, type MessageNotice } from './conversation';

/**
 * A conversation's live events (decision 038 after decision 015): one LISTEN per process on
 * `message_events`, fanned out by offer id to the streams of its two parties. A notice names the
 * message (or the read mark) and who sent it; each viewer's frame says whether it was theirs, and the
 * page reads the messages through the regular route (so the paid-unlock masking is applied once, there).
 */

const messageNotice = z.object({
  offerId: z.uuid(),
  kind: z.enum(['message', 'read']),
  userId: z.uuid(),
  messageId: z.number().int().positive(),
});

export function parseMessageNotice(payload: string): MessageNotice | null {
  try {
    const parsed = messageNotice.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type MessageFanout = LiveFanout<MessageNotice>;

export const startMessageFanout = (database: Database, log: FastifyBaseLogger): Promise<MessageFanout> =>
  startLiveFanout<MessageNotice>(database, {
    channel: MESSAGE_CHANNEL,
    parse: parseMessageNotice,
    key: (notice) => notice.offerId,
    log,
  });

/** The event a notice is for one viewer: a message or a read mark, theirs or the other side's. */
export function eventFor(notice: MessageNotice, viewerId: string): ConversationEvent {
  const mine = notice.userId === viewerId;
  return notice.kind === 'message'
    ? { type: 'message', offerId: notice.offerId, messageId: notice.messageId, mine }
    : { type: 'read', offerId: notice.offerId, lastMessageId: notice.messageId, mine };
}

const frameCache = new WeakMap<MessageNotice, Map<boolean, string>>();
const frameFor = (notice: MessageNotice, viewerId: string): string => {
  const mine = notice.userId === viewerId;
  let frames = frameCache.get(notice);
  if (!frames) {
    frames = new Map();
    frameCache.set(notice, frames);
  }
  let frame = frames.get(mine);
  if (frame === undefined) {
    const event = eventFor(notice, viewerId);
    frame = sseFrame(event.type, event);
    frames.set(mine, frame);
  }
  return frame;
};

export interface ConversationStreams {
  /** Serves GET /api/offer/{id}/conversation/events for the request (404 unless a party). */
  serve(request: FastifyRequest, reply: FastifyReply, offerId: string): Promise<void>;
  /** Ends every open stream with its client's cue to come back (the server is closing). */
  closeAll(): void;
}

export function conversationStreams(
  db: Db,
  fanout: MessageFanout,
  slotSource: StreamSlotSource | undefined,
): ConversationStreams {
  const settings = liveRouteDefaults;
  const slots =
    slotSource ??
    new StreamSlots({
      perAddress: settings.maxPerAddress,
      perUser: settings.maxPerUser,
      total: settings.maxTotal,
    });
  const streams = new Set<EventStream>();

  return {
    closeAll() {
      for (const stream of [...streams]) {
        stream.write(LIVE_CLOSING_FRAME);
        stream.end();
      }
    },
    async serve(request, reply, offerId) {
      const auth = request.auth;
      if (!auth || auth.kind === 'agent') throw new DomainError('UNAUTHENTICATED');
      const viewerId = auth.user.id;
      const slot = await slots.acquire(request.ip, viewerId);
      if (slot.refused) {
        void reply.header('Retry-After', String(LIVE_RETRY_AFTER_SECONDS));
        throw new DomainError('LIVE_STREAMS_FULL');
      }
      // Subscribed before the party check: a message committed meanwhile is not missed (the page reads
      // the conversation after the stream's `ready`).
      let stream: EventStream | null = null;
      const unsubscribe = fanout.subscribe(offerId, {
        deliver(notice) {
          stream?.write(frameFor(notice, viewerId));
        },
        resync() {
          // Notices may have been lost: `ready` again makes the page read the conversation again.
          stream?.write(sseFrame('ready', { type: 'ready', offerId }));
        },
      });
      let handedOver = false;
      try {
        if (!(await participantsOf(db, offerId, viewerId))) throw new DomainError('NOT_FOUND');
        await auditImpersonatedRequest(db, request, 200);
        await auditBeforeHijack(db, request, 200);
        const ready: ConversationEvent = { type: 'ready', offerId };
        reply.hijack();
        const response = reply.raw;
        response.writeHead(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-store',
          Connection: 'keep-alive',
          'X-Accel-Buffering': 'no',
          'X-Request-Id': request.id,
        });
        const socket = request.raw.socket;
        if (!(socket instanceof Socket)) {
          response.end(sseFrame(ready.type, ready));
          return;
        }
        const opened: EventStream = new EventStream(response, {
          heartbeatMs: settings.heartbeatMs,
          maxLifetimeMs: settings.maxLifetimeMs,
          maxBufferedBytes: settings.maxBufferedBytes,
          onClose() {
            unsubscribe();
            slot.release();
            streams.delete(opened);
          },
        });
        handedOver = true;
        streams.add(opened);
        if (socket.destroyed || response.destroyed) {
          opened.end();
          return;
        }
        stream = opened;
        opened.write(sseFrame(ready.type, ready));
      } finally {
        if (!handedOver) {
          unsubscribe();
          slot.release();
        }
      }
    },
  };
}
