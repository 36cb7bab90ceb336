import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OfferEventKind, OfferStatus } from '../codes';
import { readConversationEvent, readLiveEvent } from './live-event';
import { conversationEvent } from './messages';
import { liveEvent } from './offers';

// The web reads live events without Zod (readLiveEvent); the API's schema is `liveEvent`. Both must take
// and refuse the same values, and give the same event.
const uuid = fc.oneof(fc.uuid(), fc.constantFrom('00000000-0000-0000-0000-000000000000', 'not-a-uuid', ''));
const anything = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(null), fc.boolean());
const kind = fc.oneof(fc.constantFrom(...Object.values(OfferEventKind)), fc.string());
const status = fc.oneof(fc.constantFrom(...Object.values(OfferStatus)), fc.string());
const count = fc.oneof(fc.integer(), fc.double(), fc.constant(null), fc.string());
const event = fc.record(
  {
    type: fc.oneof(fc.constantFrom('summary', 'offer', 'your-offer'), fc.string()),
    announcementId: uuid,
    offerId: uuid,
    statusCode: fc.oneof(status, anything),
    highestOffer: count,
    offersCount: count,
    kind,
    extra: anything,
  },
  { requiredKeys: [] },
);

describe('readLiveEvent', () => {
  it('takes what the API schema takes, and gives what it gives', () => {
    fc.assert(
      fc.property(fc.oneof(event, anything), (value) => {
        const parsed = liveEvent.safeParse(value);
        expect(readLiveEvent(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads each kind of event, with only its own fields', () => {
    const announcementId = '5b0c3f5e-8a1d-4c2e-9f3a-2d4b6c8e0a1f';
    const offerId = '7eff5b46-5e83-477e-9880-a0d47d48aad4';
    expect(
      readLiveEvent({
        type: 'summary',
        announcementId,
        statusCode: 'AST001',
        highestOffer: null,
        offersCount: 0,
        x: 1,
      }),
    ).toEqual({ type: 'summary', announcementId, statusCode: 'AST001', highestOffer: null, offersCount: 0 });
    expect(readLiveEvent({ type: 'offer', announcementId, offerId, kind: OfferEventKind.Sent })).toEqual({
      type: 'offer',
      announcementId,
      offerId,
      kind: OfferEventKind.Sent,
    });
    expect(
      readLiveEvent({ type: 'summary', announcementId, statusCode: 'AST001', offersCount: 1.5 }),
    ).toBeNull();
    expect(
      readLiveEvent({ type: 'your-offer', announcementId, offerId, kind: OfferEventKind.Sent }),
    ).toBeNull();
  });
});

const conversationEventValue = fc.record(
  {
    type: fc.oneof(fc.constantFrom('ready', 'message', 'read'), fc.string()),
    offerId: uuid,
    messageId: count,
    lastMessageId: count,
    mine: fc.oneof(fc.boolean(), anything),
    extra: anything,
  },
  { requiredKeys: [] },
);

describe('readConversationEvent', () => {
  it('takes what the API schema takes, and gives what it gives', () => {
    fc.assert(
      fc.property(fc.oneof(conversationEventValue, anything), (value) => {
        const parsed = conversationEvent.safeParse(value);
        expect(readConversationEvent(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });
});
