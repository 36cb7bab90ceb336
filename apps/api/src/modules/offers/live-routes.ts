import { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { OfferEventKind, OfferStatus } from '@casaoferta/domain/codes';
import type { LiveEvent } from '@casaoferta/domain/schemas/offers';
import type { Database, Db } from '../../db/client';
import { announcements } from '../../db/schema/index';
import { auditBeforeHijack } from '../../platform/audit';
import { auditImpersonatedRequest } from '../../platform/auth';
import { access } from '../../platform/access';
import { DomainError } from '../../platform/errors';
import { EventStream, StreamSlots, sseFrame, startLiveFanout, type LiveFanout } from '../../platform/live';
import type { StreamSlotSource } from '../../platform/live-slots';
import { isLive } from '../listings/search-announcements';
import { OFFER_CHANNEL, type OfferNotice } from './offer-store';

/**
 * GET /api/announcement/{id}/events: live updates of an announcement's offers as server-sent events
 * (issue 10 point 7, decision 015). Each viewer gets only what they may see of each change: everyone
 * the public summary (status, highest offer, count), the owner which offer changed, a candidate what
 * happened to their own offer.
 */

/** The payload of `offer_events` (OfferNotice), checked: a malformed one is dropped, never half-sent. */
const offerNotice = z.object({
  announcementId: z.uuid(),
  ownerId: z.uuid(),
  offerId: z.uuid().optional(),
  candidateId: z.uuid().optional(),
  offerStatusCode: z.enum(OfferStatus).optional(),
  kind: z.enum(OfferEventKind),
  summary: z.object({
    statusCode: z.string(),
    highestOffer: z.number().int().nullable(),
    offersCount: z.number().int(),
  }),
});

export function parseOfferNotice(payload: string): OfferNotice | null {
  try {
    const parsed = offerNotice.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type OfferFanout = LiveFanout<OfferNotice>;

/** The process's listener on `offer_events` (app.ts starts it and closes it on shutdown). */
export const startOfferFanout = (database: Database, log: FastifyBaseLogger): Promise<OfferFanout> =>
  startLiveFanout<OfferNotice>(database, {
    channel: OFFER_CHANNEL,
    parse: parseOfferNotice,
    key: (notice) => notice.announcementId,
    log,
  });

/** The events of one notice a viewer may see, in order: summary, then `offer` or `your-offer`. */
export function eventsFor(notice: OfferNotice, viewerId: string | null): LiveEvent[] {
  const { announcementId, offerId, kind } = notice;
  const events: LiveEvent[] = [{ type: 'summary', announcementId, ...notice.summary }];
  if (!offerId || viewerId === null) return events;
  if (viewerId === notice.ownerId) events.push({ type: 'offer', announcementId, offerId, kind });
  const statusCode = offerNotice.shape.offerStatusCode.parse(notice.offerStatusCode);
  if (viewerId === notice.candidateId && statusCode) {
    events.push({ type: 'your-offer', announcementId, offerId, kind, statusCode });
  }
  return events;
}

const frameCache = new WeakMap<OfferNotice, Map<string, string>>();

/**
 * The text/event-stream frames of `eventsFor`, built once per notice and kind of viewer (anyone, the
 * owner, the candidate): a thousand viewers of one announcement share three strings.
 */
export function framesFor(notice: OfferNotice, viewerId: string | null): string {
  const role =
    viewerId === null
      ? 'anyone'
      : viewerId === notice.ownerId
        ? 'owner'
        : viewerId === notice.candidateId
          ? 'candidate'
          : 'anyone';
  let frames = frameCache.get(notice);
  if (!frames) {
    frames = new Map();
    frameCache.set(notice, frames);
  }
  let text = frames.get(role);
  if (text === undefined) {
    text = eventsFor(notice, role === 'anyone' ? null : viewerId)
      .map((event) => sseFrame(event.type, event))
      .join('');
    frames.set(role, text);
  }
  return text;
}

export interface LiveRouteOptions {
  /**
   * Open streams per client address (several tabs, a shared office connection): LIVE_STREAMS_PER_ADDRESS.
   */
  maxPerAddress: number;
  /** Open streams per signed-in person, from any address: LIVE_STREAMS_PER_USER. */
  maxPerUser: number;
  /** Open streams of this process (each holds about 12 kB): LIVE_STREAMS_TOTAL. */
  maxTotal: number;
  heartbeatMs: number;
  maxLifetimeMs: number;
  maxBufferedBytes: number;
  /** The slots streams take (app.ts: counted across processes on PostgreSQL); else this process's. */
  slots?: StreamSlotSource;
}

export const liveRouteDefaults: LiveRouteOptions = {
  maxPerAddress: 32,
  maxPerUser: 10,
  maxTotal: 2_000,
  heartbeatMs: 15_000,
  maxLifetimeMs: 30 * 60_000,
  maxBufferedBytes: 64 * 1024,
};

const idParams = z.object({ id: z.uuid() });

/** How soon a stream ended by the server's shutdown may reconnect (its SSE `retry:`), in ms. */
export const LIVE_RECONNECT_MS = 1_000;

/** The last frame of a stream the server's shutdown ends: the reconnection time and a `closing` event. */
export const LIVE_CLOSING_FRAME = `retry: ${LIVE_RECONNECT_MS}\n${sseFrame('closing', { reason: 'shutdown', retryMs: LIVE_RECONNECT_MS })}`;

/** Seconds a client refused a stream (a cap is full) is asked to wait before trying again. */
export const LIVE_RETRY_AFTER_SECONDS = 30;

export function liveOfferRoutes(db: Db, fanout: OfferFanout, options: Partial<LiveRouteOptions> = {}) {
  const settings = { ...liveRouteDefaults, ...options };
  const slots =
    settings.slots ??
    new StreamSlots({
      perAddress: settings.maxPerAddress,
      perUser: settings.maxPerUser,
      total: settings.maxTotal,
    });
  const streams = new Set<EventStream>();

  /** The announcement's public summary, or null when it does not exist or `viewerId` may not see it. */
  async function visibleSummary(announcementId: string, viewerId: string | null) {
    const [row] = await db
      .select({
        ownerId: announcements.ownerId,
        statusCode: announcements.statusCode,
        highestOffer: announcements.highestOffer,
        offersCount: announcements.offersCount,
        live: sql<boolean>`(${isLive()})`,
      })
      .from(announcements)
      .where(eq(announcements.id, announcementId));
    if (!row || (!row.live && row.ownerId !== viewerId)) return null;
    const summary: LiveEvent = {
      type: 'summary',
      announcementId,
      statusCode: row.statusCode,
      highestOffer: row.highestOffer,
      offersCount: row.offersCount,
    };
    return summary;
  }

  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    // Open streams would hold app.close() (and a graceful shutdown) forever: end them first, each with
    // its client's cue to come back (to another process) in LIVE_RECONNECT_MS (decision 034).
    app.addHook('preClose', async () => {
      for (const stream of [...streams]) {
        stream.write(LIVE_CLOSING_FRAME);
        stream.end();
      }
    });

    app.get(
      '/api/announcement/:id/events',
      {
        config: { access: access.public },
        exposeHeadRoute: false,
        schema: {
          tags: ['offers'],
          summary: 'Follow an announcement live (server-sent events)',
          description:
            'text/event-stream. The first event is the current `summary`; then, on every change of an ' +
            'offer, `summary` (status, highest offer, count) for everyone, `offer` (which offer changed: ' +
            'refetch it) for the owner and `your-offer` for the candidate whose offer it is. A comment ' +
            'every 15 s keeps it open; it also ends after 30 minutes and after the listener reconnects ' +
            'it sends a fresh `summary`. Reading it with fetch lets the bearer token say who watches. ' +
            '404 when the announcement does not exist or is not live (its owner may follow it anyway); ' +
            `503 \`LIVE_STREAMS_FULL\` with Retry-After past ${settings.maxPerAddress} open streams from one ` +
            `address, ${settings.maxPerUser} of one signed-in person or ${settings.maxTotal} in all (every API ` +
            'process counts). When the server shuts down, a stream ends with `retry:` and a `closing` event. ' +
            'Under app.inject (no socket) the stream ends after its first event.',
          security: [{ bearer: [] }, {}],
          params: idParams,
        },
      },
      async (request, reply) => {
        const auth = request.auth;
        const viewerId = auth && auth.kind !== 'agent' ? auth.user.id : null;
        const announcementId = request.params.id;

        // Taken before any work (a refusal by this process's own counts costs no query): per address, per
        // signed-in person (an agent acting as a user counts as that user; anonymous viewers count per
        // address only) and in all, across processes on PostgreSQL (platform/live-slots.ts).
        const slot = await slots.acquire(request.ip, auth ? auth.user.id : null);
        if (slot.refused) {
          void reply.header('Retry-After', String(LIVE_RETRY_AFTER_SECONDS));
          throw new DomainError('LIVE_STREAMS_FULL');
        }

        /**
         * Subscribed before the first read so that no change falls between the two: notices that arrive
         * while the summary is read wait and go out after it, in commit order. The last summary a viewer
         * gets is then that of the latest change, or a read made after it.
         */
        let reading = true;
        let pending: OfferNotice[] = [];
        let stream: EventStream | null = null;
        const send = (event: LiveEvent) => stream?.write(sseFrame(event.type, event));
        const flush = () => {
          const waited = pending;
          pending = [];
          for (const notice of waited) stream?.write(framesFor(notice, viewerId));
        };
        const resync = async () => {
          reading = true;
          try {
            const summary = await visibleSummary(announcementId, viewerId);
            // No longer visible to this viewer: the stream ends (the client's reconnect gets the 404).
            if (!summary) stream?.end();
            else send(summary);
          } catch (error) {
            request.log.warn({ err: error, announcementId }, 'live resync failed');
            stream?.end();
          } finally {
            reading = false;
            flush();
          }
        };
        const unsubscribe = fanout.subscribe(announcementId, {
          deliver(notice) {
            if (reading) pending.push(notice);
            else stream?.write(framesFor(notice, viewerId));
          },
          resync() {
            if (!reading) void resync();
          },
        });

        // The slot is released exactly once: by the stream's end (the client left, its lifetime, a client
        // that does not read, shutdown) or, when no stream opened (404, a failed read, app.inject), here.
        let handedOver = false;
        try {
          const first = await visibleSummary(announcementId, viewerId);
          if (!first) throw new DomainError('NOT_FOUND');
          // A hijacked reply skips onSend, where the user's audit (registerAuth) and the agents' audit
          // (registerAgentAudit) are written: both are written now, before the stream's first byte.
          await auditImpersonatedRequest(db, request, 200);
          await auditBeforeHijack(db, request, 200);
          reply.hijack();
          const response = reply.raw;
          response.writeHead(200, {
            'Content-Type': 'text/event-stream; charset=utf-8',
            'Cache-Control': 'no-store',
            Connection: 'keep-alive',
            // nginx and similar proxies would otherwise hold the events back.
            'X-Accel-Buffering': 'no',
            'X-Request-Id': request.id,
          });
          // app.inject has no socket to keep open: it gets the first event and the end, so the access
          // matrix and the schema fuzzer call this route like any other.
          const socket = request.raw.socket;
          if (!(socket instanceof Socket)) {
            response.end(sseFrame(first.type, first));
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
          stream = opened;
          streams.add(opened);
          // A client that left while the summary was read: its 'close' has passed, the stream ends now.
          if (socket.destroyed || response.destroyed) {
            opened.end();
            return;
          }
          send(first);
          reading = false;
          flush();
        } finally {
          if (!handedOver) {
            unsubscribe();
            slot.release();
          }
        }
      },
    );
  };
}
