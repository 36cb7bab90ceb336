import { describe, expect, it } from 'vitest';
import type { DemoPhoto } from './demo-photos';
import { galleryFor } from './demo-catalogue';

const photo = (name: string): DemoPhoto => ({
  storageKey: `demo/${name}`,
  width: 1280,
  height: 853,
  color: '#000000',
});
// The files shipped in apps/api/data/photos.
const shipped = [
  'apartment_downtown',
  'apartment_luxury',
  'house_family',
  'house_suburban',
  'penthouse_luxury',
  'studio_modern',
  'townhouse_historic',
  'villa_ocean',
].map(photo);
const names = (gallery: DemoPhoto[]) => gallery.map((p) => p.storageKey.replace('demo/', ''));

describe('the demo catalogue’s photos (issue 23)', () => {
  it('show a flat for a flat or a room, and a house for a house, three distinct ones each', () => {
    for (let index = 0; index < 9; index++) {
      for (const flat of ['PTY001', 'PTY002', 'PTY003', 'PTY004', 'PTY006']) {
        const gallery = names(galleryFor(shipped, flat, index));
        expect(gallery).toHaveLength(3);
        expect(new Set(gallery).size).toBe(3);
        expect(gallery.filter((name) => /^(house|villa|townhouse)_/.test(name))).toEqual([]);
      }
      for (const house of ['PTY008', 'PTY009', 'PTY012']) {
        const gallery = names(galleryFor(shipped, house, index));
        expect(new Set(gallery).size).toBe(3);
        expect(gallery.filter((name) => /^(apartment|studio|penthouse)_/.test(name))).toEqual([]);
      }
    }
  });

  it('turns the cover among the fitting photos, and takes any photo without the shipped files', () => {
    const covers = new Set([0, 1, 2].map((index) => names(galleryFor(shipped, 'PTY001', index))[0]));
    expect(covers.size).toBe(3);
    const generated = ['generated-1', 'generated-2'].map(photo);
    expect(names(galleryFor(generated, 'PTY008', 0))).toEqual(['generated-1', 'generated-2', 'generated-1']);
    expect(galleryFor([], 'PTY001', 0)).toEqual([]);
  });
});
