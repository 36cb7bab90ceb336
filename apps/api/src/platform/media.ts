import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ImageDto } from '@casaoferta/domain/schemas/listings';
import { sendError } from './errors';

export const imageSizes = { thumb: 320, card: 640, gallery: 1280 } as const;
export type ImageSize = keyof typeof imageSizes;

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

/**
 * Serves the image files: names are unique per image, so they are cached for a year. A missing file is a
 * plain 404 (its own not-found handler under /media), never the app's page.
 */
export async function registerMedia(app: FastifyInstance, dataDir: string): Promise<void> {
  fs.mkdirSync(mediaRoot(dataDir), { recursive: true });
  await app.register(
    async (media) => {
      await media.register(fastifyStatic, {
        root: mediaRoot(dataDir),
        prefix: '/',
        decorateReply: false,
        index: false,
        allowedPath: (pathName) => pathName.endsWith('.webp'),
        setHeaders(reply) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
          reply.header('X-Content-Type-Options', 'nosniff');
        },
      });
      media.setNotFoundHandler((_request, reply) => sendError(reply, 'NOT_FOUND'));
    },
    { prefix: '/media' },
  );
}
