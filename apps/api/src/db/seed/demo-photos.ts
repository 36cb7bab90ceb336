import fs from 'node:fs';
import path from 'node:path';
import { loadSharp, storeImageVariants, type StoredImage } from '../../platform/images';
import type { ObjectStore } from '../../platform/storage/index';

export interface DemoPhoto extends StoredImage {
  storageKey: string;
}

const palette = ['#0f766e', '#b45309', '#1d4ed8', '#7c3aed', '#be123c', '#15803d', '#0369a1', '#a16207'];

/** An illustration of a house, used when the demo photos folder is absent. */
async function generatedPhoto(index: number): Promise<Buffer> {
  const colour = palette[index % palette.length] ?? '#0f766e';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="853" viewBox="0 0 1280 853">
    <rect width="1280" height="853" fill="${colour}"/><rect y="600" width="1280" height="253" fill="#00000033"/>
    <path d="M390 560 640 330 890 560V760H390Z" fill="#fff"/><path d="M340 580 640 300 940 580" stroke="#fff" stroke-width="34" fill="none"/>
    <rect x="590" y="620" width="100" height="140" fill="${colour}"/></svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Re-encodes the demo photos (PHOTOS_DIR) into the media store once; demo properties share
 * these files. Falls back to generated illustrations when the folder is absent.
 */
export async function prepareDemoPhotos(store: ObjectStore, photosDir: string): Promise<DemoPhoto[]> {
  const files = fs.existsSync(photosDir)
    ? fs
        .readdirSync(photosDir)
        .filter((f) => /\.(jpe?g|png|webp)$/i.test(f))
        .sort()
    : [];
  const sources: { name: string; read: () => Promise<Buffer> }[] =
    files.length > 0
      ? files.map((f) => ({
          name: path.parse(f).name,
          read: () => fs.promises.readFile(path.join(photosDir, f)),
        }))
      : palette.map((_, i) => ({ name: `generated-${i + 1}`, read: () => generatedPhoto(i) }));
  const photos: DemoPhoto[] = [];
  for (const source of sources) {
    const storageKey = `demo/${source.name}`;
    photos.push({ storageKey, ...(await storeImageVariants(await source.read(), store, storageKey)) });
  }
  return photos;
}
