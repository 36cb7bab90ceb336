import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  errorMessages,
  errorStatus,
  isErrorCode,
  type ApiErrorBody,
  type ErrorCode,
} from '@casaoferta/domain/errors';

/** A rule or state failure the API reports with one code of master data `exceptionAttributes`. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly field?: string,
  ) {
    super(errorMessages[code]);
  }
  get status(): number {
    return errorStatus[this.code];
  }
}

/** A budget is spent: 429 RATE_LIMITED, with the seconds until it starts again as Retry-After. */
export class RateLimitedError extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    code: ErrorCode = 'RATE_LIMITED',
  ) {
    super(code);
  }
}

export const errorBody = (code: ErrorCode, field?: string): ApiErrorBody => ({
  errors: [{ code, message: errorMessages[code], ...(field ? { field } : {}) }],
});

/** Seconds a client is asked to wait before retrying while the database is unavailable (every 503). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Seconds a client is asked to wait before retrying a write refused for contention (SERVICE_BUSY). */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** Answers `code` with its status; DATABASE_UNAVAILABLE and SERVICE_BUSY always carry Retry-After. */
export function sendError(reply: FastifyReply, code: ErrorCode, field?: string): FastifyReply {
  if (code === 'DATABASE_UNAVAILABLE') reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
  if (code === 'SERVICE_BUSY') reply.header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
  return reply.status(errorStatus[code]).send(errorBody(code, field));
}

const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_INPUT',
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_INPUT',
  FST_ERR_VALIDATION: 'INVALID_INPUT',
};

const databaseDownCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown (fast or immediate shutdown)
  '57P02', // crash_shutdown (another backend crashed)
  '57P03', // cannot_connect_now (starting up, crash recovery)
  '08006',
  '08001',
  '08003',
]);

/**
 * node-postgres reports a connection lost mid-query, a broken pooled client and a pool that could not
 * connect in time with these messages and no code.
 */
const databaseDownMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * Connection-level failures: the database is down or unreachable, not a bug (ARCHITECTURE.md §4: 503).
 * Drizzle wraps a failed query's error (`DrizzleQueryError`, the driver's error as `cause`), so the
 * causes are looked at too.
 */
export function isDatabaseDown(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Object && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (databaseDownCodes.has(code) || /^53/.test(code))) return true; // 53: insufficient resources
    if (typeof message === 'string' && databaseDownMessages.some((m) => message.startsWith(m))) return true;
    current = cause;
  }
  return false;
}

/**
 * A statement that waited too long (issue 25 point 4): for a row lock (`lock_not_available`, past
 * `lock_timeout`) or in all (`query_canceled`, past `statement_timeout`). The client may try again: 503
 * SERVICE_BUSY with Retry-After, never a 500.
 */
export const isContention = (error: unknown): boolean =>
  sqlErrorOf(error, '55P03') !== null || sqlErrorOf(error, '57014') !== null;

/** The one error handler: maps every failure to the envelope, logs context, hides internals on 5xx. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof RateLimitedError) reply.header('Retry-After', String(error.retryAfterSeconds));
    if (error instanceof DomainError) return sendError(reply, error.code, error.field);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      // A domain rule inside a schema (e.g. the price bounds) names its own code in the params.
      const ruleCode = (first?.params as { params?: { code?: unknown } } | undefined)?.params?.code;
      return sendError(reply, isErrorCode(ruleCode) ? ruleCode : 'INVALID_INPUT', field);
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody('RATE_LIMITED'));
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) return reply.status(errorStatus[mapped]).send(errorBody(mapped));
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(reply, 'DATABASE_UNAVAILABLE');
    }
    if (isContention(error)) {
      request.log.warn({ err: error }, 'refused for contention: a lock or the statement timed out');
      return sendError(reply, 'SERVICE_BUSY');
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody('INTERNAL_ERROR'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Other client errors raised by plugins (malformed multipart, bad headers...).
      request.log.info({ err: error }, 'client error');
      return reply.status(400).send(errorBody('INVALID_INPUT'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL_ERROR'));
  });
}

/** PostgreSQL's error inside `error` (drizzle keeps the driver's error as `cause`), when it has `sqlState`. */
export function sqlErrorOf(error: unknown, sqlState: string): { constraint?: unknown } | null {
  for (let current = error, depth = 0; current instanceof Object && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === sqlState) return current;
    current = cause;
  }
  return null;
}

/** The constraint a unique violation (SQLSTATE 23505) broke, or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  const found = sqlErrorOf(error, '23505');
  if (!found) return null;
  return typeof found.constraint === 'string' ? found.constraint : '';
}
