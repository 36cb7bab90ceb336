import type { Database, Listener } from '../db/client';

/**
 * Live updates (decision 015): one LISTEN per API process on a PostgreSQL channel, fanned out in
 * memory to the connections following a key (an announcement). PostgreSQL delivers each NOTIFY on
 * commit to every listening process, so several API processes behind a balancer all see every change;
 * PGlite has the same LISTEN within its one process.
 */

export interface LiveSubscriber<N> {
  /** A notice about the key this subscriber follows. Must not throw (a throw is logged and ignored). */
  deliver(notice: N): void;
  /** The listening connection came back after a drop: notices may have been lost, read the state again. */
  resync(): void;
}

export interface LiveFanout<N> {
  /** Follows `key` until the returned function is called. */
  subscribe(key: string, subscriber: LiveSubscriber<N>): () => void;
  /** Connections following anything (for tests and logs). */
  readonly size: number;
  close(): Promise<void>;
}

export interface LiveFanoutOptions<N> {
  channel: string;
  /** The notice in a payload, or null when it is not one (logged and dropped). */
  parse(payload: string): N | null;
  key(notice: N): string;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
}

export async function startLiveFanout<N>(
  database: Database,
  options: LiveFanoutOptions<N>,
): Promise<LiveFanout<N>> {
  const subscribers = new Map<string, Set<LiveSubscriber<N>>>();
  let size = 0;

  const each = (set: Iterable<LiveSubscriber<N>>, call: (subscriber: LiveSubscriber<N>) => void) => {
    // A copy: a subscriber may unsubscribe (its connection failed) while being called.
    for (const subscriber of [...set]) {
      try {
        call(subscriber);
      } catch (error) {
        options.log.warn({ err: error, channel: options.channel }, 'live subscriber failed');
      }
    }
  };

  // A drop is logged once: the reconnects that fail while the database is away are not (decision 030).
  let dropped = false;
  const listener: Listener = await database.listen(options.channel, {
    onNotify(payload) {
      let notice: N | null = null;
      try {
        notice = options.parse(payload);
      } catch {
        // Treated as not a notice: a bad payload must not take the process down.
      }
      if (notice === null) {
        options.log.warn({ channel: options.channel }, 'live notice ignored: not a valid payload');
        return;
      }
      const set = subscribers.get(options.key(notice));
      if (set) each(set, (subscriber) => subscriber.deliver(notice));
    },
    onReconnect() {
      dropped = false;
      options.log.info({ channel: options.channel, connections: size }, 'live listener reconnected');
      for (const set of subscribers.values()) each(set, (subscriber) => subscriber.resync());
    },
    onError(error) {
      if (dropped) return;
      dropped = true;
      options.log.warn({ err: error, channel: options.channel }, 'live listener dropped, reconnecting');
    },
  });

  return {
    subscribe(key, subscriber) {
      let set = subscribers.get(key);
      if (!set) {
        set = new Set();
        subscribers.set(key, set);
      }
      set.add(subscriber);
      size += 1;
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        size -= 1;
        const current = subscribers.get(key);
        current?.delete(subscriber);
        if (current?.size === 0) subscribers.delete(key);
      };
    },
    get size() {
      return size;
    },
    close: () => listener.close(),
  };
}

/** Counts open connections per key (a client address, a user) so that one key cannot hold thousands. */
export class ConnectionLimiter {
  private readonly counts = new Map<string, number>();
  constructor(readonly maxPerKey: number) {}

  /** Takes a slot for `key`: a release function, or null when it already holds the maximum. */
  acquire(key: string): (() => void) | null {
    const count = this.counts.get(key) ?? 0;
    if (count >= this.maxPerKey) return null;
    this.counts.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left <= 0) this.counts.delete(key);
      else this.counts.set(key, left);
    };
  }

  /** Slots `key` holds now (for tests and logs). */
  held(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}

export interface StreamCaps {
  /** Open streams per client address (several tabs, a shared office connection). */
  perAddress: number;
  /** Open streams per signed-in person (their id), whatever the addresses. */
  perUser: number;
  /** Open streams of the whole process (each holds memory: about 12 kB). */
  total: number;
}

/** Which cap refused a stream. */
export type StreamCap = 'address' | 'user' | 'total';

export type StreamSlot = { release: () => void; refused?: undefined } | { refused: StreamCap };

/**
 * The open streams of a process, capped per address, per signed-in user and in all. A slot is taken in
 * one step (all three counts or none) and its release frees all three once, however often it is called.
 */
export class StreamSlots {
  private readonly addresses: ConnectionLimiter;
  private readonly users: ConnectionLimiter;
  private open = 0;

  constructor(readonly caps: StreamCaps) {
    this.addresses = new ConnectionLimiter(caps.perAddress);
    this.users = new ConnectionLimiter(caps.perUser);
  }

  /** Streams open in the process. */
  get size(): number {
    return this.open;
  }

  /** Streams open from `address`, and of `userId`. */
  heldBy(address: string, userId: string | null = null): { address: number; user: number } {
    return { address: this.addresses.held(address), user: userId === null ? 0 : this.users.held(userId) };
  }

  /** A slot for a stream from `address`, of `userId` (null: an anonymous viewer, counted per address only). */
  acquire(address: string, userId: string | null): StreamSlot {
    if (this.open >= this.caps.total) return { refused: 'total' };
    const releaseAddress = this.addresses.acquire(address);
    if (!releaseAddress) return { refused: 'address' };
    const releaseUser = userId === null ? () => undefined : this.users.acquire(userId);
    if (!releaseUser) {
      releaseAddress();
      return { refused: 'user' };
    }
    this.open += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.open -= 1;
        releaseAddress();
        releaseUser();
      },
    };
  }
}

/** A frame of the text/event-stream format: the event's name and one JSON data line. */
export const sseFrame = (event: string, data: unknown): string =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** What EventStream needs of a response: a ServerResponse (tests pass a fake). */
export interface EventStreamTarget {
  write(chunk: string): unknown;
  end(): unknown;
  on(event: 'close' | 'error', listener: () => void): unknown;
  readonly writableLength: number;
  readonly writableEnded: boolean;
}

export interface EventStreamOptions {
  heartbeatMs: number;
  /** The stream ends after this long; the client reconnects (and its session is checked again). */
  maxLifetimeMs: number;
  /** A client that does not read: past this many unsent bytes the stream ends (it resyncs on reconnect). */
  maxBufferedBytes: number;
  onClose(): void;
}

/**
 * Server-sent events on a raw response the caller owns (Fastify's reply.hijack(): no onSend hooks, so
 * @fastify/compress never buffers it). Writes a comment every `heartbeatMs` so that proxies keep it
 * open and a dead client is noticed.
 */
export class EventStream {
  private closed = false;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly lifetime: NodeJS.Timeout;

  constructor(
    private readonly response: EventStreamTarget,
    private readonly options: EventStreamOptions,
  ) {
    this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), options.heartbeatMs);
    this.lifetime = setTimeout(() => this.end(), options.maxLifetimeMs);
    response.on('close', () => this.end());
    response.on('error', () => this.end());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  write(frame: string): void {
    if (this.closed) return;
    if (this.response.writableLength > this.options.maxBufferedBytes) {
      this.end();
      return;
    }
    this.response.write(frame);
  }

  end(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.lifetime);
    if (!this.response.writableEnded) this.response.end();
    this.options.onClose();
  }
}
