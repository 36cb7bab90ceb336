import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { storeImageVariants } from './images';
import { STALE_TEMPORARY_MS, sweepTemporaryFiles, temporaryPathFor } from './temp-files';
import { localStore } from './storage/local';

const dirs: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-temp-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A file last written `ageMs` ago. */
const write = (file: string, ageMs: number) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'partial');
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
  return file;
};

describe('the sweep of temporary files', () => {
  it('removes what a write killed midway left an hour ago, at any depth, and nothing else', async () => {
    const root = tmp();
    const stale = write(
      temporaryPathFor(path.join(root, 'ab', 'photo-thumb.webp')),
      STALE_TEMPORARY_MS + 60_000,
    );
    const staleTop = write(temporaryPathFor(path.join(root, 'photo-card.webp')), 2 * STALE_TEMPORARY_MS);
    // A write in progress, a stored picture however old, a file that only looks temporary.
    const fresh = write(temporaryPathFor(path.join(root, 'ab', 'photo-gallery.webp')), 1_000);
    const stored = write(path.join(root, 'ab', 'photo-gallery.webp'), 10 * STALE_TEMPORARY_MS);
    const lookalike = write(path.join(root, 'notes.tmp'), 10 * STALE_TEMPORARY_MS);

    expect(await sweepTemporaryFiles(root)).toBe(2);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(staleTop)).toBe(false);
    for (const kept of [fresh, stored, lookalike]) expect(fs.existsSync(kept)).toBe(true);
    expect(await sweepTemporaryFiles(path.join(root, 'not-yet'))).toBe(0);
  });

  it('a stored picture is written whole: its sizes under their names, no temporary file left', async () => {
    const root = tmp();
    const picture = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    await storeImageVariants(picture, localStore(root), 'ab/photo');
    const names = fs.readdirSync(path.join(root, 'media', 'ab')).sort();
    expect(names).toEqual(['photo-card.webp', 'photo-gallery.webp', 'photo-thumb.webp']);
  });
});
