import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Lifecycle } from './lifecycle';

export interface DrainOptions {
  /** SHUTDOWN_TIMEOUT_MS: the longest the requests in flight are waited for. */
  deadlineMs: number;
}

/** How the drain ended: everything finished in time, or the deadline cut what was left. */
export type DrainOutcome = 'drained' | 'deadline';

/** Time given to the app's own closing (the delivery worker, the listeners) once the deadline cut. */
const AFTER_DEADLINE_MS = 1_000;

const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * A graceful stop (SIGTERM, decision 034). The process turns not ready and closes its listening socket
 * (new connections are refused: the proxy sends them to another process); live streams end with their
 * client's retry hint (live-routes.ts); requests in flight finish, their connections closed after the
 * answer; then the delivery worker finishes the messages in hand and the listeners stop. Past
 * `deadlineMs`, the connections left are closed. The database is closed last, either way.
 */
export async function drain(
  app: FastifyInstance,
  database: Database,
  lifecycle: Lifecycle,
  options: DrainOptions,
): Promise<DrainOutcome> {
  lifecycle.draining = true;
  const startedAt = Date.now();
  const closing = app.close().then(
    () => 'drained' as const,
    (error: unknown) => {
      app.log.error({ err: error }, 'shutdown: closing the app failed');
      return 'drained' as const;
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), options.deadlineMs);
  });
  const outcome = await Promise.race([closing, deadline]);
  clearTimeout(timer);
  if (outcome === 'deadline') {
    app.log.warn(
      { deadlineMs: options.deadlineMs },
      'shutdown: deadline reached, closing the connections still open',
    );
    app.server.closeAllConnections();
    await Promise.race([closing, pause(AFTER_DEADLINE_MS)]);
  }
  await database.close().catch((error: unknown) => {
    app.log.error({ err: error }, 'shutdown: closing the database failed');
  });
  app.log.info({ outcome, ms: Date.now() - startedAt }, 'shutdown: done');
  return outcome;
}
