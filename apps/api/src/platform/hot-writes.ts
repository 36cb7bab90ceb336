import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A hot write (making an offer): at most so many run at once in this process, so that requests
     * waiting on one locked row cannot take every database connection (issue 25 point 4, decision 030).
     */
    hotWrite?: true;
  }
}

export interface GateLimits {
  /** Requests of the route running at once. */
  inFlight: number;
  /** Requests waiting for a turn; past it a request is refused at once. */
  waiting: number;
  /** The longest a request waits for its turn before it is refused. */
  waitMs: number;
}

/**
 * A bounded turnstile: `inFlight` holders at once, `waiting` more in a first-come queue for at most
 * `waitMs` each. `enter` answers the release function, or null when the request must be refused.
 */
export class Gate {
  private holders = 0;
  private readonly queue: { admit: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(readonly limits: GateLimits) {}

  get running(): number {
    return this.holders;
  }

  get queued(): number {
    return this.queue.length;
  }

  async enter(): Promise<(() => void) | null> {
    if (this.holders < this.limits.inFlight) return this.hold();
    if (this.queue.length >= this.limits.waiting) return null;
    return new Promise((resolve) => {
      const entry = {
        admit: () => {
          clearTimeout(entry.timer);
          resolve(this.hold());
        },
        timer: setTimeout(() => {
          const index = this.queue.indexOf(entry);
          if (index >= 0) this.queue.splice(index, 1);
          resolve(null);
        }, this.limits.waitMs),
      };
      this.queue.push(entry);
    });
  }

  private hold(): () => void {
    this.holders += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders -= 1;
      // The turn goes to the first in line, if any.
      this.queue.shift()?.admit();
    };
  }
}

/**
 * The limits of each hot route from the pool: half the connections, the rest for reads and health. A
 * waiting request holds no connection, only memory: a burst waits its turn (at most the lock timeout),
 * and only beyond 20 per connection is one refused at once.
 */
export const hotWriteLimits = (poolSize: number, lockTimeoutMs: number): GateLimits => ({
  inFlight: Math.max(1, Math.floor(poolSize / 2)),
  waiting: Math.max(50, poolSize * 20),
  waitMs: lockTimeoutMs,
});

const releases = new WeakMap<FastifyRequest, () => void>();

/**
 * Routes with `config: { hotWrite: true }` take a turn of their own gate (one per route) after their
 * body is validated; without one in `waitMs` they answer 503 SERVICE_BUSY with Retry-After and store
 * nothing. The turn is given back when the answer is sent or the client goes away.
 */
export function registerHotWrites(app: FastifyInstance, limits: GateLimits): void {
  const gates = new Map<string, Gate>();
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.hotWrite !== true) return;
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    let gate = gates.get(route);
    if (!gate) {
      gate = new Gate(limits);
      gates.set(route, gate);
    }
    // A client may go away while it waits: its turn, once given, goes back at once (a 'close' that
    // came before the listener below would never give it back, and lost turns would refuse every
    // later request of the route).
    let gone = false;
    const onGone = () => {
      gone = true;
    };
    reply.raw.once('close', onGone);
    const release = await gate.enter();
    reply.raw.off('close', onGone);
    if (!release) throw new DomainError('SERVICE_BUSY');
    if (gone) {
      release();
      throw new DomainError('SERVICE_BUSY');
    }
    releases.set(request, release);
    reply.raw.once('close', release);
  });
  app.addHook('onResponse', async (request) => {
    releases.get(request)?.();
  });
}
