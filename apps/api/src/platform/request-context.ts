import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The request id (issue 25 point 6, decision 034): every request has one, taken from a sane incoming
 * `X-Request-Id` (a proxy's or a client's) or made here, returned in the answer's `X-Request-Id`, on every
 * log line of the request (`reqId`), and carried into the jobs the request enqueues (the delivery job's
 * payload), whose worker logs it again. Code that runs on behalf of a request or a job reads it with
 * `currentRequestId()`, without passing it down.
 */

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id may be: 1 to 128 characters of letters, digits and `-_.:=+/@` (no spaces). */
const SANE_REQUEST_ID = /^[A-Za-z0-9\-_.:=+/@]{1,128}$/;

/** The incoming `X-Request-Id` when it is sane, else a new UUID. */
export function requestIdOf(raw: Pick<IncomingMessage, 'headers'>): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The same check for an id read back from a job's payload (anything else is dropped). */
export const saneRequestId = (value: unknown): string | null =>
  typeof value === 'string' && SANE_REQUEST_ID.test(value) ? value : null;

interface Context {
  requestId: string;
}

const storage = new AsyncLocalStorage<Context>();

/** The id of the request (or of the job it enqueued) this code runs for, or null. */
export const currentRequestId = (): string | null => storage.getStore()?.requestId ?? null;

/** Runs `work` as part of `requestId` (a job's worker: its log lines and what it enqueues carry it). */
export const withRequestId = <T>(requestId: string | null, work: () => T): T =>
  requestId === null ? work() : storage.run({ requestId }, work);

const resources = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Opens the request's context before any other hook (register it first). Fastify runs the body's
 * parsing and then the handler from the request stream's events, outside the context the first hook
 * opened, so the context is entered again before validation (as @fastify/request-context does).
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run({ requestId: request.id }, () => {
      const resource = new AsyncResource('casaoferta-request');
      resources.set(request, resource);
      resource.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resources.get(request);
    if (resource) resource.runInAsyncScope(done, request.raw);
    else done();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
}
