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

export const errorBody = (code: ErrorCode, field?: string): ApiErrorBody => ({
  errors: [{ code, message: errorMessages[code], ...(field ? { field } : {}) }],
});

export function sendError(reply: FastifyReply, code: ErrorCode, field?: string): FastifyReply {
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

/** Connection-level failures: the database is down or unreachable, not a bug (ARCHITECTURE.md §4: 503). */
const isDatabaseDown = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      '57P01',
      '57P03',
      '08006',
      '08001',
      '08003',
    ].includes(code) || /^53/.test(code) // insufficient resources
  );
};

/** The one error handler: maps every failure to the envelope, logs context, hides internals on 5xx. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) {
      return reply.status(error.status).send(errorBody(error.code, error.field));
    }
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
      return reply.header('Retry-After', '5').status(503).send(errorBody('DATABASE_UNAVAILABLE'));
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
