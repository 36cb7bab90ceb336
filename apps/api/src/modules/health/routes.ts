import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorEnvelope } from '@casaoferta/domain/schemas/common';
import type { Database } from '../../db/client';
import { DomainError, errorBody } from '../../platform/errors';
import { access, notFoundForEveryActor } from '../../platform/access';
import type { Lifecycle } from '../../platform/lifecycle';
import type { AppMetrics } from '../../platform/metrics';

const healthResponse = envelope(
  z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), uptimeSeconds: z.number() }),
);
const liveResponse = envelope(z.object({ status: z.literal('live'), uptimeSeconds: z.number() }));
const readyResponse = envelope(
  z.object({ status: z.literal('ready'), checks: z.record(z.string(), z.literal('ok')) }),
);

/** Something readiness checks besides the database: the file store (DATA_DIR, or an object store). */
export interface ReadinessCheck {
  name: string;
  run(): Promise<void>;
}

export interface HealthOptions {
  lifecycle: Lifecycle;
  checks?: readonly ReadinessCheck[];
  /** The longest a readiness check may take before it counts as failed. */
  timeoutMs?: number;
  /** The metrics and their token (METRICS_TOKEN); without both, GET /api/metrics is a 404. */
  metrics?: { registry: AppMetrics; token: string } | null;
}

/** Seconds a client is asked to wait before asking readiness again. */
const READY_RETRY_AFTER_SECONDS = 5;

/** `work` within `ms`, or a rejection saying it took too long (the work itself is left to finish). */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The bearer token of a request compared in constant time with `expected`. */
function holdsToken(header: string | undefined, expected: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Health (issue 25 point 6, decision 034): `/api/health` (the process and its database, as e2e and
 * Playwright's webServer use it), `/api/health/live` (the process answers: no I/O), `/api/health/ready`
 * (the database within a bound, the file store, and not draining: 503 NOT_READY naming each check that
 * failed), and `/api/metrics` for the holder of METRICS_TOKEN. None says more than its name: no version,
 * no configuration, no error text.
 */
export function healthRoutes(database: Database, options: HealthOptions) {
  const { lifecycle, checks = [], timeoutMs = 2_000, metrics = null } = options;
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/health',
      {
        config: { access: access.public },
        schema: {
          tags: ['platform'],
          summary: 'Liveness and database reachability',
          response: { 200: healthResponse },
        },
      },
      async (request, reply) => {
        try {
          await database.ping();
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          reply.header('Retry-After', '5');
          throw new DomainError('DATABASE_UNAVAILABLE');
        }
        return {
          data: {
            status: 'ok' as const,
            database: database.kind,
            uptimeSeconds: Math.round(process.uptime()),
          },
        };
      },
    );

    app.get(
      '/api/health/live',
      {
        config: { access: access.public },
        schema: {
          tags: ['platform'],
          summary: 'Liveness: the process answers (no database, no file store)',
          response: { 200: liveResponse },
        },
      },
      async () => ({ data: { status: 'live' as const, uptimeSeconds: Math.round(process.uptime()) } }),
    );

    app.get(
      '/api/health/ready',
      {
        config: { access: access.public },
        schema: {
          tags: ['platform'],
          summary: 'Readiness: the database, the file store, and not shutting down',
          description:
            `Each check must answer within ${timeoutMs} ms. 503 \`NOT_READY\` with one error per check that ` +
            'failed, its name in `field` (`database`, `files`, `shutdown`), and Retry-After.',
          response: { 200: readyResponse, 503: errorEnvelope },
        },
      },
      async (request, reply) => {
        const all: ReadinessCheck[] = [{ name: 'database', run: () => database.ping() }, ...checks];
        const results = await Promise.all(
          all.map(async (check) => {
            try {
              await within(check.run(), timeoutMs);
              return null;
            } catch (error) {
              request.log.warn({ err: error, check: check.name }, 'readiness check failed');
              return check.name;
            }
          }),
        );
        const failed = results.filter((name): name is string => name !== null);
        if (lifecycle.draining) failed.push('shutdown');
        if (failed.length > 0) {
          const body = { errors: failed.flatMap((name) => errorBody('NOT_READY', name).errors) };
          return reply.code(503).header('Retry-After', String(READY_RETRY_AFTER_SECONDS)).send(body);
        }
        return {
          data: {
            status: 'ready' as const,
            checks: Object.fromEntries(all.map((check) => [check.name, 'ok' as const])),
          },
        };
      },
    );

    app.get(
      '/api/metrics',
      {
        // Public to the gate: its secret is METRICS_TOKEN, not a session (decision 034).
        config: { access: access.public, matrix: notFoundForEveryActor },
        schema: {
          tags: ['platform'],
          summary: 'Prometheus metrics of this process (text exposition format)',
          description:
            'Only with METRICS_TOKEN set, for `Authorization: Bearer <METRICS_TOKEN>`: 401 ' +
            '`METRICS_TOKEN_INVALID` without it or with another; 404 when METRICS_TOKEN is not set.',
          security: [{ bearer: [] }],
        },
      },
      async (request, reply) => {
        if (!metrics) throw new DomainError('ROUTE_NOT_FOUND');
        if (!holdsToken(request.headers.authorization, metrics.token)) {
          void reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
          throw new DomainError('METRICS_TOKEN_INVALID');
        }
        const text = await metrics.registry.scrape();
        return reply
          .header('Content-Type', metrics.registry.registry.contentType)
          .header('Cache-Control', 'no-store')
          .send(text);
      },
    );
  };
}
