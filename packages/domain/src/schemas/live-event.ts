import { OfferEventKind, OfferStatus, type OfferEventKindCode, type OfferStatusCode } from '../codes';

/**
 * A live event on an announcement (GET /api/announcement/{id}/events, server-sent events). Everyone
 * gets `summary`; the owner also `offer` (which offer changed: refetch it); a candidate also
 * `your-offer` about their own offer. The API's schema of it is `liveEvent` (schemas/offers.ts).
 */
export type LiveEvent =
  | {
      type: 'summary';
      announcementId: string;
      statusCode: string;
      highestOffer: number | null;
      offersCount: number;
    }
  | { type: 'offer'; announcementId: string; offerId: string; kind: OfferEventKindCode }
  | {
      type: 'your-offer';
      announcementId: string;
      offerId: string;
      kind: OfferEventKindCode;
      statusCode: OfferStatusCode;
    };

/** Zod's z.uuid() (zod/v4/core regexes.uuid()): RFC 9562 versions 1 to 8, and the nil and max ids. */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
const eventKinds = new Set<unknown>(Object.values(OfferEventKind));
const offerStatuses = new Set<unknown>(Object.values(OfferStatus));
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);

/**
 * The LiveEvent `value` is (read from the stream's JSON), with only its own fields, or null. The same
 * rules as `liveEvent` (schemas/offers.ts; a test holds them equal), written out because the property
 * page reads these events as soon as it is on screen and Zod is 25 KB gzip it does not otherwise load
 * before the offer dialog opens (issue 29 point 5, decision 039).
 */
export function readLiveEvent(value: unknown): LiveEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isUuid(v.announcementId)) return null;
  const { announcementId } = v;
  switch (v.type) {
    case 'summary':
      if (typeof v.statusCode !== 'string' || !isInt(v.offersCount)) return null;
      if (v.highestOffer !== null && !isInt(v.highestOffer)) return null;
      return {
        type: 'summary',
        announcementId,
        statusCode: v.statusCode,
        highestOffer: v.highestOffer,
        offersCount: v.offersCount,
      };
    case 'offer':
      if (!isUuid(v.offerId) || !eventKinds.has(v.kind)) return null;
      return { type: 'offer', announcementId, offerId: v.offerId, kind: v.kind as OfferEventKindCode };
    case 'your-offer':
      if (!isUuid(v.offerId) || !eventKinds.has(v.kind) || !offerStatuses.has(v.statusCode)) return null;
      return {
        type: 'your-offer',
        announcementId,
        offerId: v.offerId,
        kind: v.kind as OfferEventKindCode,
        statusCode: v.statusCode as OfferStatusCode,
      };
    default:
      return null;
  }
}

/**
 * A live event of an offer's conversation (GET /api/offer/{id}/conversation/events, decision 038). The
 * API's schema of it is `conversationEvent` (schemas/messages.ts; a test holds them equal).
 */
export type ConversationEvent =
  | { type: 'ready'; offerId: string }
  | { type: 'message'; offerId: string; messageId: number; mine: boolean }
  | { type: 'read'; offerId: string; lastMessageId: number; mine: boolean };

/**
 * The ConversationEvent `value` is, with only its own fields, or null: written out like `readLiveEvent`
 * so the conversation page loads no Zod (issue 29 point 5).
 */
export function readConversationEvent(value: unknown): ConversationEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isUuid(v.offerId)) return null;
  const { offerId } = v;
  switch (v.type) {
    case 'ready':
      return { type: 'ready', offerId };
    case 'message':
      if (!isInt(v.messageId) || typeof v.mine !== 'boolean') return null;
      return { type: 'message', offerId, messageId: v.messageId, mine: v.mine };
    case 'read':
      if (!isInt(v.lastMessageId) || typeof v.mine !== 'boolean') return null;
      return { type: 'read', offerId, lastMessageId: v.lastMessageId, mine: v.mine };
    default:
      return null;
  }
}
