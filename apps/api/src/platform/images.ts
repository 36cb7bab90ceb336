import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { imageFile, imageSizes, type ImageSize } from './media';

/** Largest accepted input: 40 megapixels (a decompression bomb stops here). */
export const MAX_INPUT_PIXELS = 40_000_000;

export interface StoredImage {
  width: number;
  height: number;
  color: string;
}

const hex = (n: number) => n.toString(16).padStart(2, '0');

/**
 * Decodes an image by its content (whatever its name or declared type), orients it, and writes WebP
 * variants for thumbnail, card and gallery. Metadata (EXIF, GPS) is dropped by the re-encode.
 * Throws when the bytes are not an image sharp can read.
 */
export async function storeImageVariants(
  input: Buffer,
  root: string,
  storageKey: string,
): Promise<StoredImage> {
  const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  const { dominant } = await source.clone().resize(64).stats();
  await fs.mkdir(path.dirname(imageFile(root, storageKey, 'thumb')), { recursive: true });
  const written = await Promise.all(
    (Object.entries(imageSizes) as [ImageSize, number][]).map(([size, width]) =>
      source
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: size === 'thumb' ? 70 : 78 })
        .toFile(imageFile(root, storageKey, size)),
    ),
  );
  const info = written[written.length - 1] ?? { width: 0, height: 0 };
  return {
    width: info.width,
    height: info.height,
    color: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
  };
}

/**
 * Removes every size of a stored image (the files `storeImageVariants` wrote). A file already gone is
 * not an error. Callers make sure no other row still names `storageKey` (demo photos share theirs).
 */
export async function removeImageVariants(root: string, storageKey: string): Promise<void> {
  await Promise.all(
    (Object.keys(imageSizes) as ImageSize[]).map((size) =>
      fs.rm(imageFile(root, storageKey, size), { force: true }),
    ),
  );
}
