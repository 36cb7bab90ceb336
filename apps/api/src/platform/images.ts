import pLimit from 'p-limit';
import type Sharp from 'sharp';
import { imageSizes, type ImageSize } from './media';
import { storageKeys, type ObjectStore } from './storage/index';

/** Largest accepted input: 40 megapixels (a decompression bomb stops here). */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * sharp (libvips), loaded on first use rather than at start: it is a third of a second of the start's CPU
 * and most starts never touch a picture (decision 036). Node caches it after the first call.
 */
export const loadSharp = async (): Promise<typeof Sharp> => (await import('sharp')).default;

export interface StoredImage {
  width: number;
  height: number;
  color: string;
}

/** Why a picture was refused: not one sharp can read, or over `MAX_INPUT_PIXELS`. */
export class ImageRejected extends Error {
  constructor(readonly reason: 'invalid' | 'too-large') {
    super(`image rejected: ${reason}`);
  }
}

/**
 * One decode at a time for the whole process: libvips already spreads one image over every core, and
 * each decode of a large picture holds hundreds of megabytes. Uploads wait their turn here (each user's
 * rate of uploads is limited on the route).
 */
const decodeQueue = pLimit(1);

/** How many decodes run and wait now (for tests and diagnostics). */
export const imageDecodes = {
  get active(): number {
    return decodeQueue.activeCount;
  },
  get waiting(): number {
    return decodeQueue.pendingCount;
  },
};

/** sharp's failure to read a picture, as the reason we refuse it. */
const reject = (error: unknown): never => {
  const message = error instanceof Error ? error.message : '';
  throw new ImageRejected(/pixel limit/i.test(message) ? 'too-large' : 'invalid');
};

const hex = (n: number) => n.toString(16).padStart(2, '0');
const largestWidth = Math.max(...Object.values(imageSizes));

/**
 * Decodes an image by its content (whatever its name or declared type), orients it, and writes WebP
 * variants for thumbnail, card and gallery. Metadata (EXIF, GPS) is dropped by the re-encode.
 * The header is read first, outside the queue: a picture over the pixel limit is refused without being
 * decoded. Then the picture is decoded once, in the queue, to the largest size we keep, and the sizes
 * and the dominant colour are made from that. Throws `ImageRejected` for what it cannot or will not store.
 */
export async function storeImageVariants(
  input: Buffer,
  store: ObjectStore,
  storageKey: string,
): Promise<StoredImage> {
  const sharp = await loadSharp();
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  const header = await sharp(input, options).metadata().catch(reject);
  if (header.width * header.height > MAX_INPUT_PIXELS) throw new ImageRejected('too-large');

  return decodeQueue(async () => {
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize({ width: largestWidth, withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
      .catch(reject);
    const decoded = () =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const { dominant } = await decoded().resize(64).stats();
    // Each size is encoded, then stored whole (the store writes a temporary file and renames it, or a
    // single PUT): a process killed mid-write leaves no partial picture; sizes of an upload that never
    // got its row are removed by the orphan sweep (platform/storage/sweep.ts).
    const encoded = await Promise.all(
      (Object.entries(imageSizes) as [ImageSize, number][]).map(async ([size, width]) => ({
        size,
        bytes: await decoded()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: size === 'thumb' ? 70 : 78 })
          .toBuffer(),
      })),
    );
    return { info, dominant, encoded };
  }).then(async ({ info, dominant, encoded }) => {
    try {
      await Promise.all(
        encoded.map(({ size, bytes }) => store.put(storageKeys.media(storageKey, size), bytes, 'image/webp')),
      );
    } catch (error) {
      await removeImageVariants(store, storageKey).catch(() => undefined);
      throw error;
    }
    // The decoded picture is the largest size kept: its dimensions are the gallery file's.
    return {
      width: info.width,
      height: info.height,
      color: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
    };
  });
}

/**
 * Removes every size of a stored image (the files `storeImageVariants` wrote). A file already gone is
 * not an error. Callers make sure no other row still names `storageKey` (demo photos share theirs).
 */
export async function removeImageVariants(store: ObjectStore, storageKey: string): Promise<void> {
  await Promise.all(
    (Object.keys(imageSizes) as ImageSize[]).map((size) => store.delete(storageKeys.media(storageKey, size))),
  );
}
