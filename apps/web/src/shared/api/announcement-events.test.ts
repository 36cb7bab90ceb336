import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { OfferEventKind, OfferStatus } from '@casaoferta/domain/codes';
import type { LiveEvent } from '@casaoferta/domain/schemas/offers';
import { storageKeys } from '../storage-keys';
import {
  SseParser,
  followAnnouncementEvents,
  parseLiveEvent,
  reconnectDelay,
  RECONNECT_MAX_MS,
} from './announcement-events';
import { useAnnouncementEvents } from './use-announcement-events';

const announcementId = '20000000-0000-4000-8000-000000000001';
const offerId = '30000000-0000-4000-8000-000000000002';
const summary = (offersCount: number): LiveEvent => ({
  type: 'summary',
  announcementId,
  statusCode: 'ANS001',
  highestOffer: offersCount === 0 ? null : 1000 + offersCount,
  offersCount,
});
const frame = (event: LiveEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/** A streaming 200 response whose body is the given chunks, then ends (or stays open). */
function sse(chunks: string[], { keepOpen = false } = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!keepOpen) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SseParser', () => {
  it('joins data lines, skips comments, and handles every line ending split across chunks', () => {
    const parser = new SseParser();
    expect(parser.push(': heartbeat\n\nevent: summary\nda')).toEqual([]);
    expect(parser.push('ta: a\r')).toEqual([]);
    expect(parser.push('\ndata:b\r\r\n')).toEqual([{ event: 'summary', data: 'a\nb' }]);
    expect(parser.push('id: 7\nretry: 10\ndata: c\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'message', data: 'c' }]);
  });

  it('does not dispatch an event without data', () => {
    const parser = new SseParser();
    expect(parser.push('event: summary\n\n')).toEqual([]);
    expect(parser.push('data: x\n\n')).toEqual([{ event: 'message', data: 'x' }]);
  });
});

describe('parseLiveEvent', () => {
  it('accepts each kind of LiveEvent', () => {
    const events: LiveEvent[] = [
      summary(2),
      { type: 'offer', announcementId, offerId, kind: OfferEventKind.Sent },
      {
        type: 'your-offer',
        announcementId,
        offerId,
        kind: OfferEventKind.Withdrawn,
        statusCode: OfferStatus.Withdrawn,
      },
    ];
    for (const event of events) expect(parseLiveEvent(JSON.stringify(event))).toEqual(event);
  });

  it('rejects what is not JSON or not a LiveEvent', () => {
    expect(parseLiveEvent('not json')).toBeNull();
    expect(parseLiveEvent('{"type":"summary"}')).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ ...summary(1), type: 'other' }))).toBeNull();
  });
});

describe('reconnectDelay', () => {
  it('doubles from one second up to the ceiling, with jitter between half and all of it', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(40, () => 1)).toBe(RECONNECT_MAX_MS);
  });
});

describe('followAnnouncementEvents', () => {
  it('sends the bearer token, delivers valid events, and reconnects with back-off after a drop', async () => {
    const controller = new AbortController();
    const received: LiveEvent[] = [];
    const waits: number[] = [];
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(sse([frame(summary(1)), 'data: {"broken"\n\n']))
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce(new Response('{}', { status: 503 }))
      .mockImplementationOnce(() => {
        return Promise.resolve(sse([frame(summary(2))], { keepOpen: true }));
      });
    const done = followAnnouncementEvents(announcementId, {
      signal: controller.signal,
      fetch: fetchMock,
      token: () => 'the-token',
      delay: (attempt) => attempt,
      wait: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      onEvent: (event) => {
        received.push(event);
        if (received.length === 2) controller.abort();
      },
    });
    await done;
    expect(received).toEqual([summary(1), summary(2)]);
    // The first stream opened (attempt reset), then ended; a network error and a 503 followed.
    expect(waits).toEqual([0, 1, 2]);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/announcement/${announcementId}/events`);
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer the-token');
    expect(headers.Accept).toBe('text/event-stream');
  });

  it("reconnects after the server's retry time when a stream ends with one (a server shutting down)", async () => {
    const controller = new AbortController();
    const received: LiveEvent[] = [];
    const waits: number[] = [];
    const closing = 'retry: 1000\nevent: closing\ndata: {"reason":"shutdown","retryMs":1000}\n\n';
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(sse([frame(summary(1)), closing]))
      .mockResolvedValueOnce(sse([frame(summary(2))]))
      .mockResolvedValueOnce(sse([frame(summary(3))], { keepOpen: true }));
    await followAnnouncementEvents(announcementId, {
      signal: controller.signal,
      fetch: fetchMock,
      token: () => null,
      delay: (attempt) => 7 + attempt,
      wait: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      onEvent: (event) => {
        received.push(event);
        if (received.length === 3) controller.abort();
      },
    });
    // The closing event is not a LiveEvent: only the summaries reach the page.
    expect(received).toEqual([summary(1), summary(2), summary(3)]);
    // The retry time the server asked for, then (a stream that ended without one) the usual back-off.
    expect(waits).toEqual([1000, 7]);
  });

  it('reads the retry field as the reconnection time, digits only', () => {
    const parser = new SseParser();
    parser.push('retry: soon\n\n');
    expect(parser.retryMs).toBeNull();
    parser.push('retry: 1500\ndata: x\n\n');
    expect(parser.retryMs).toBe(1500);
  });

  it('stops for good on a 404 and sends no token when there is no session', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status: 404 }));
    const wait = vi.fn(() => Promise.resolve());
    await followAnnouncementEvents(announcementId, {
      signal: new AbortController().signal,
      fetch: fetchMock,
      wait,
      onEvent: () => undefined,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(wait).not.toHaveBeenCalled();
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it('stops when aborted while waiting to reconnect', async () => {
    const controller = new AbortController();
    const fetchMock = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline'));
    await followAnnouncementEvents(announcementId, {
      signal: controller.signal,
      fetch: fetchMock,
      wait: () => {
        controller.abort();
        return Promise.resolve();
      },
      onEvent: () => undefined,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('useAnnouncementEvents', () => {
  it('opens one stream per id with the stored token, calls the latest callback, and closes on unmount', async () => {
    localStorage.setItem(storageKeys.bearerToken, 'stored-token');
    const signals: AbortSignal[] = [];
    const fetchMock = vi.fn<typeof fetch>((_url, init) => {
      if (init?.signal) signals.push(init.signal);
      return Promise.resolve(sse([frame(summary(3))], { keepOpen: true }));
    });
    vi.stubGlobal('fetch', fetchMock);
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(
      ({ id, onEvent }: { id: string | null; onEvent: (event: LiveEvent) => void }) =>
        useAnnouncementEvents(id, onEvent),
      { initialProps: { id: null as string | null, onEvent: first } },
    );
    expect(fetchMock).not.toHaveBeenCalled();
    rerender({ id: announcementId, onEvent: first });
    rerender({ id: announcementId, onEvent: second });
    await waitFor(() => expect(second).toHaveBeenCalledWith(summary(3)));
    expect(first).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer stored-token');
    act(() => unmount());
    expect(signals[0]?.aborted).toBe(true);
  });
});
