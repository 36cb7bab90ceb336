import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ImageDto } from '@casaoferta/domain/schemas/listings';
import { sendError } from './errors';
import { isValidKey, type ObjectStore } from './storage/index';

export const imageSizes = { thumb: 320, card: 640, gallery: 1280 } as const;
export type ImageSize = keyof typeof imageSizes;

/** The folder of the local store's photos (`media/` keys under DATA_DIR). */
export const mediaRoot = (dataDir: string) => path.join(dataDir, 'media');

export const imageFile = (root: string, storageKey: string, size: ImageSize) =>
  path.join(root, `${storageKey}-${size}.webp`);

/** Public URL of one size of a stored image. */
export const mediaUrl = (storageKey: string, size: ImageSize) => `/media/${storageKey}-${size}.webp`;

export function toImageDto(image: {
  id: string;
  storageKey: string;
  width: number;
  height: number;
  color: string;
}): ImageDto {
  const url = (size: ImageSize) => mediaUrl(image.storageKey, size);
  return {
    id: image.id,
    thumb: url('thumb'),
    card: url('card'),
    gallery: url('gallery'),
    width: image.width,
    height: image.height,
    color: image.color,
  };
}

/** A `Range: bytes=…` header's one range within `size` bytes: null for none, 'unsatisfiable' past the end. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: answered whole, as a server may (RFC 9110 §14.2).
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, first = '', last = ''] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Serves the image files from the object store (decision 035): names are unique per image, so they are
 * cached for a year. ETag (If-None-Match → 304) and single byte ranges (206, 416) behave as they did
 * with the static files; a missing file is a plain 404 (its own not-found handler under /media), never
 * the app's page. The bytes are streamed from the store, never held whole.
 */
export async function registerMedia(app: FastifyInstance, store: ObjectStore): Promise<void> {
  await app.register(
    async (media) => {
      media.get<{ Params: { '*': string } }>('/*', async (request, reply) => {
        const name = request.params['*'];
        const key = `media/${name}`;
        if (!name.endsWith('.webp') || !isValidKey(key)) return sendError(reply, 'NOT_FOUND');
        const info = await store.head(key);
        if (!info) return sendError(reply, 'NOT_FOUND');
        reply
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('X-Content-Type-Options', 'nosniff')
          .header('ETag', info.etag)
          .header('Last-Modified', info.lastModified.toUTCString())
          .header('Accept-Ranges', 'bytes');
        const match = request.headers['if-none-match'];
        if (match && match.split(',').some((tag) => tag.trim() === info.etag || tag.trim() === '*')) {
          return reply.code(304).send();
        }
        const range = parseRange(request.headers.range, info.size);
        if (range === 'unsatisfiable') {
          return reply.code(416).header('Content-Range', `bytes */${info.size}`).send();
        }
        const object = await store.get(key, range ?? undefined);
        if (!object) return sendError(reply, 'NOT_FOUND');
        reply.header('Content-Type', object.contentType);
        if (range) {
          reply
            .code(206)
            .header('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`)
            .header('Content-Length', range.end - range.start + 1);
        } else {
          reply.header('Content-Length', object.size);
        }
        return reply.send(object.body);
      });
      media.setNotFoundHandler((_request, reply) => sendError(reply, 'NOT_FOUND'));
    },
    { prefix: '/media' },
  );
}
