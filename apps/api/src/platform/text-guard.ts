import type { FastifyInstance } from 'fastify';
import { DomainError } from './errors';

/** NUL, and UTF-16 halves without their pair: no text column can hold them (PostgreSQL refuses both). */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string in `value` that no text column can store, or null. */
export function unstorableText(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (depth > 16 || typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return [...path, key];
    const found = unstorableText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Every request's body, query and path parameters are refused (400, naming the field) when a string in
 * them holds text no column can store, before any route's schema or query sees it: one rule for every
 * route, present and future, instead of one per text field.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = unstorableText(part);
      if (found) throw new DomainError('INVALID_INPUT', found.join('.') || undefined);
    }
  });
}
