import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';

/**
 * Compressed answers (issue 29 point 1, decision 031). An answer kept in a cache (a catalogue page,
 * master data) keeps its compressed bytes with it, one per encoding, made the first time a client asks
 * for that encoding: a cache hit sends stored bytes instead of compressing the same JSON again.
 *
 * Levels for answers made per request (measured in docs/PERFORMANCE.md, a 20 KB catalogue page): brotli
 * at quality 4 and gzip at level 6. Brotli's default quality 11 costs tens of milliseconds per answer.
 */
export const brotliOptions: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
export const gzipOptions: zlib.ZlibOptions = { level: 6 };

/** Below this many bytes an answer goes uncompressed (as @fastify/compress's threshold). */
export const COMPRESS_THRESHOLD = 1024;

export type ContentEncoding = 'br' | 'gzip';

// No cache of negotiated headers: any client may send any header, and negotiating costs ~1 µs.
const encodings = new Negotiator<ContentEncoding | 'identity'>({
  supportedValues: ['br', 'gzip', 'identity'],
});

/** The encoding a request's `Accept-Encoding` prefers among brotli and gzip (q-values honoured), or null. */
export function preferredEncoding(header: string | undefined): ContentEncoding | null {
  if (header === undefined || header === '') return null;
  const chosen = encodings.negotiate(header);
  return chosen === 'identity' ? null : chosen;
}

export const compress: Record<ContentEncoding, (raw: Buffer) => Buffer> = {
  br: (raw) => zlib.brotliCompressSync(raw, brotliOptions),
  gzip: (raw) => zlib.gzipSync(raw, gzipOptions),
};

/** A body written once and compressed at most once per encoding. */
export class EncodedBody {
  private rawBytes: Buffer | null = null;
  private readonly encoded = new Map<ContentEncoding, Buffer>();

  /** `write` makes the text the first time it is needed (a cached page may never be sent as JSON). */
  constructor(private readonly write: () => string) {}

  get raw(): Buffer {
    this.rawBytes ??= Buffer.from(this.write());
    return this.rawBytes;
  }

  encodedAs(encoding: ContentEncoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (bytes === undefined) {
      bytes = compress[encoding](this.raw);
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/**
 * Sends `body` in the encoding the request prefers (identity when it names none, or the body is under
 * the threshold), with `Vary: Accept-Encoding`. The route turns @fastify/compress off (`compress:
 * false`) so that nothing compresses it again.
 */
export function sendEncoded(
  reply: FastifyReply,
  body: EncodedBody,
  contentType = 'application/json; charset=utf-8',
): FastifyReply {
  reply.header('Content-Type', contentType).header('Vary', 'Accept-Encoding');
  const raw = body.raw;
  const encoding =
    raw.length < COMPRESS_THRESHOLD ? null : preferredEncoding(reply.request.headers['accept-encoding']);
  if (encoding === null) return reply.send(raw);
  return reply.header('Content-Encoding', encoding).send(body.encodedAs(encoding));
}
