import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Headers a reverse proxy adds on its way in (RFC 7239's `Forwarded`, the de facto `X-Forwarded-*`, nginx's
 * `X-Real-IP`, `Via`). The local demo's conveniences (the readable outbox, the demo agent) answer no request
 * carrying one: a loopback start exposed through a proxy is not local, whatever the configuration says.
 */
const PROXY_HEADERS = [
  'forwarded',
  'via',
  'x-real-ip',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
];

export const viaProxy = (headers: IncomingHttpHeaders): boolean =>
  PROXY_HEADERS.some((name) => headers[name] !== undefined) ||
  Object.keys(headers).some((name) => name.startsWith('x-forwarded-'));

/** A secret compared in constant time (the length is not secret: a token's is fixed). */
export function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
