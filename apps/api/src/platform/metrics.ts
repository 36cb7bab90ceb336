import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';

/**
 * Prometheus metrics of one API process (issue 25 point 6, decision 034), served at GET /api/metrics to
 * the holder of METRICS_TOKEN (modules/health/metrics-routes.ts). Without the token nothing is measured:
 * no hook runs on a request.
 *
 * - `casaoferta_http_requests_total` and `casaoferta_http_request_duration_seconds`: by method, route
 *   pattern (never the raw URL: `/api/announcement/:id/events`, `unmatched` for a 404 without a route)
 *   and status.
 * - `casaoferta_db_pool_connections{state}` and `casaoferta_db_pool_waiting`: node-postgres's pool (on
 *   PGlite, one embedded connection and no pool: not reported).
 * - `casaoferta_delivery_queue_messages{status}` and `casaoferta_delivery_queue_oldest_due_seconds`: the
 *   outbox (the delivery queue), read at scrape time with one statement on its pending index.
 * - `casaoferta_live_streams_open`: live streams (server-sent events) this process holds.
 * - `casaoferta_deliveries_total{channel,outcome}`: results the delivery worker recorded in this process
 *   (`sent`, `retry`, `failed`).
 * - Node's own (`process_*`, `nodejs_*`: CPU, memory, event-loop delay, GC).
 */

export type DeliveryOutcome = 'sent' | 'retry' | 'failed';

export interface MetricsSources {
  database: Database;
  /** Live streams this process holds open. */
  liveStreams(): number;
}

export interface AppMetrics {
  readonly registry: Registry;
  /** One delivery's recorded result. */
  delivery(channel: string, outcome: DeliveryOutcome): void;
  /** The text exposition, after reading the gauges that are read at scrape time. */
  scrape(): Promise<string>;
}

/** Seconds: from a cached page (~1 ms) to the statement timeout (15 s). */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

/** How long reading the queue's gauges may take at a scrape; past it they are left out of that scrape. */
const QUEUE_READ_TIMEOUT_MS = 2_000;

export function createMetrics(app: FastifyInstance, sources: MetricsSources): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'casaoferta_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'casaoferta_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (a live stream: how long it stayed open), by method, route pattern and status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const { database } = sources;
  const pool = database.poolStats;
  if (pool) {
    new Gauge({
      name: 'casaoferta_db_pool_connections',
      help: 'Connections of the PostgreSQL pool: in use (checked out), idle, and the most it opens',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = pool();
        this.set({ state: 'in_use' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'max' }, stats.max);
      },
    });
    new Gauge({
      name: 'casaoferta_db_pool_waiting',
      help: 'Queries waiting for a free connection of the PostgreSQL pool',
      registers: [registry],
      collect() {
        this.set(pool().waiting);
      },
    });
  }

  new Gauge({
    name: 'casaoferta_live_streams_open',
    help: 'Live streams (server-sent events) this process holds open',
    registers: [registry],
    collect() {
      this.set(sources.liveStreams());
    },
  });

  const deliveries = new Counter({
    name: 'casaoferta_deliveries_total',
    help: 'Delivery results recorded by this process: sent, retry (queued again after a temporary failure) or failed',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });

  const queued = new Gauge({
    name: 'casaoferta_delivery_queue_messages',
    help: 'Messages of the delivery queue (the outbox) waiting (queued) or in a worker’s hands (sending)',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const oldestDue = new Gauge({
    name: 'casaoferta_delivery_queue_oldest_due_seconds',
    help: 'How long the oldest queued message has been due without being taken (0 when none is due)',
    registers: [registry],
  });
  const queueReadable = new Gauge({
    name: 'casaoferta_delivery_queue_readable',
    help: '1 when this scrape could read the delivery queue, 0 when the database did not answer in time',
    registers: [registry],
  });

  /** One statement on the outbox's pending index (status in queued, sending). */
  const readQueue = async () => {
    const result = await database.db.execute(sql`
      select count(*) filter (where status = 'queued')::int as queued,
        count(*) filter (where status = 'sending')::int as sending,
        coalesce(extract(epoch from now() - min(next_attempt_at)
          filter (where status = 'queued' and next_attempt_at <= now())), 0)::float8 as oldest
      from outbox where status in ('queued', 'sending')`);
    const rows = (result as unknown as { rows: { queued: number; sending: number; oldest: number }[] }).rows;
    return rows[0] ?? { queued: 0, sending: 0, oldest: 0 };
  };

  return {
    registry,
    delivery(channel, outcome) {
      deliveries.inc({ channel, outcome });
    },
    async scrape() {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), QUEUE_READ_TIMEOUT_MS);
      });
      const queue = await Promise.race([readQueue().catch(() => null), timeout]);
      clearTimeout(timer);
      if (queue) {
        queued.set({ status: 'queued' }, queue.queued);
        queued.set({ status: 'sending' }, queue.sending);
        oldestDue.set(Math.max(0, queue.oldest));
        queueReadable.set(1);
      } else {
        queued.reset();
        oldestDue.reset();
        queueReadable.set(0);
      }
      return registry.metrics();
    },
  };
}
