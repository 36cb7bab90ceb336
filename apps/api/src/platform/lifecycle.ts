import type { FastifyInstance } from 'fastify';
import { sendError } from './errors';

/**
 * Whether this process is draining (SIGTERM, decision 034): from then on readiness answers 503, any
 * other request (health aside) that arrives on a connection kept open gets 503 SERVER_CLOSING with
 * `Connection: close`, and the answers of the requests in flight close their connections, so the
 * server can stop.
 */
export interface Lifecycle {
  draining: boolean;
}

export const createLifecycle = (): Lifecycle => ({ draining: false });

/** Seconds a client turned away by a draining process is asked to wait (another process answers). */
export const CLOSING_RETRY_AFTER_SECONDS = 1;

export function registerDrainGate(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onRequest', async (request, reply) => {
    // Health answers on: readiness says `shutdown`, liveness that the process still answers.
    if (!lifecycle.draining || request.url.startsWith('/api/health')) return;
    void reply.header('Connection', 'close').header('Retry-After', String(CLOSING_RETRY_AFTER_SECONDS));
    return sendError(reply, 'SERVER_CLOSING');
  });
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) void reply.header('Connection', 'close');
  });
}
