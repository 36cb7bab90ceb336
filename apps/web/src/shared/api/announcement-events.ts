import { readLiveEvent, type LiveEvent } from '@casaoferta/domain/schemas/live-event';
import { authTokens } from './auth-tokens';

/**
 * Live updates of one announcement (issue 10 point 7, docs/decisions/015-live-updates.md):
 * GET /api/announcement/{id}/events, server-sent events read with fetch, because EventSource cannot
 * send the bearer token that decides which events this viewer may see.
 */
export const announcementEventsPath = (announcementId: string) =>
  `/api/announcement/${encodeURIComponent(announcementId)}/events`;

/** First retry after 1 s, doubling up to 30 s; the attempt count resets once a stream opens. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 15));
  // Jitter (half to full delay) so that many tabs dropped together do not all come back at once.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** One parsed server-sent event: the `event:` field (default 'message') and the joined `data:` lines. */
export interface SseMessage {
  event: string;
  data: string;
}

/**
 * Incremental parser of the text/event-stream format (WHATWG HTML 9.2.6): feed it decoded chunks in
 * any size; it returns the events completed by each chunk. Comments (`:` lines, the server's heartbeat)
 * and unknown fields are skipped.
 */
export class SseParser {
  /**
   * The server's reconnection time in ms (the last `retry:` field), once it sent one: a server shutting
   * down ends each stream with it and a `closing` event (decision 034).
   */
  retryMs: number | null = null;
  private buffer = '';
  private data: string[] = [];
  private event = '';

  push(chunk: string): SseMessage[] {
    this.buffer += chunk;
    const messages: SseMessage[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A trailing '\r' may be the first half of a '\r\n' split across chunks: wait for more.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const message = this.line(line);
      if (message) messages.push(message);
    }
    return messages;
  }

  private line(line: string): SseMessage | null {
    if (line === '') {
      const message =
        this.data.length > 0 ? { event: this.event || 'message', data: this.data.join('\n') } : null;
      this.data = [];
      this.event = '';
      return message;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return null;
  }
}

/** The LiveEvent in one message's data, or null when it is not valid JSON or not a LiveEvent. */
export function parseLiveEvent(data: string): LiveEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  return readLiveEvent(json);
}

export interface AnnouncementEventsOptions {
  onEvent: (event: LiveEvent) => void;
  /** Aborting closes the stream and stops reconnecting; the returned promise then resolves. */
  signal: AbortSignal;
  /** Tests inject these; the defaults are the browser's fetch, the stored token and a real wait. */
  fetch?: typeof fetch;
  token?: () => string | null;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  delay?: (attempt: number) => number;
}

/**
 * Follows an announcement's events until `signal` aborts. After a drop (network error, 5xx, 429, or
 * the stream ending) it reconnects with back-off, or after the time the server asked for (its SSE
 * `retry:`, sent when it shuts down: another process answers then); the server's first event on each connection is a
 * fresh `summary`, so nothing missed while away stays stale. A 4xx other than 408/429 (the
 * announcement does not exist or is no longer visible) stops for good.
 */
export function followAnnouncementEvents(
  announcementId: string,
  options: AnnouncementEventsOptions,
): Promise<void> {
  return followEventStream(announcementEventsPath(announcementId), parseLiveEvent, options);
}

/** What `followEventStream` needs: the events' handler, the stop signal and the injectable pieces. */
export interface EventStreamOptions<E> extends Omit<AnnouncementEventsOptions, 'onEvent'> {
  onEvent: (event: E) => void;
}

/**
 * Follows any of the API's event streams at `path` (an announcement's, a conversation's: decision
 * 038) with the same reconnection rules; `parse` turns each event's data into an event, or null to skip it.
 */
export async function followEventStream<E>(
  path: string,
  parse: (data: string) => E | null,
  options: EventStreamOptions<E>,
): Promise<void> {
  const {
    onEvent,
    signal,
    fetch: fetchImpl = globalThis.fetch.bind(globalThis),
    token = () => authTokens.current(),
    wait = abortableWait,
    delay = reconnectDelay,
  } = options;
  let attempt = 0;
  while (!signal.aborted) {
    let asked: number | null = null;
    const outcome = await connect(
      path,
      parse,
      fetchImpl,
      token(),
      signal,
      onEvent,
      () => {
        attempt = 0;
      },
      (ms) => {
        asked = ms;
      },
    );
    if (outcome === 'stop' || signal.aborted) return;
    await wait(asked ?? delay(attempt), signal);
    attempt += 1;
  }
}

type Outcome = 'retry' | 'stop';

async function connect<E>(
  path: string,
  parse: (data: string) => E | null,
  fetchImpl: typeof fetch,
  token: string | null,
  signal: AbortSignal,
  onEvent: (event: E) => void,
  onOpen: () => void,
  onRetryAsked: (ms: number) => void,
): Promise<Outcome> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetchImpl(path, {
      headers,
      signal,
      cache: 'no-store',
    });
  } catch {
    return 'retry';
  }
  if (!response.ok || !response.body) {
    void response.body?.cancel().catch(() => undefined);
    const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
    return retryable || response.ok ? 'retry' : 'stop';
  }
  onOpen();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseParser();
  // fetch errors the body on abort; a body that is not tied to the signal is cancelled here.
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        if (parser.retryMs !== null) onRetryAsked(parser.retryMs);
        return 'retry';
      }
      for (const message of parser.push(value)) {
        const event = parse(message.data);
        if (event !== null) onEvent(event);
      }
    }
  } catch {
    return 'retry';
  } finally {
    signal.removeEventListener('abort', cancel);
    cancel();
  }
}

function abortableWait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
