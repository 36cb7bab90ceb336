import { describe, expect, it, vi } from 'vitest';
import { createUploadQueue, MAX_IMAGE_BYTES, type PhotoUpload } from './upload-queue';

describe('createUploadQueue', () => {
  it('refuses non-images and files over 15 MB before sending them', () => {
    const upload = vi.fn(() => new Promise<never>(() => undefined));
    let list: PhotoUpload[] = [];
    const queue = createUploadQueue({ onChange: (next) => (list = next), onUploaded: vi.fn(), upload });
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: MAX_IMAGE_BYTES + 1 });
    queue.add('p1', [new File(['x'], 'notes.txt', { type: 'text/plain' }), big]);
    expect(upload).not.toHaveBeenCalled();
    expect(list.map((item) => [item.status, item.error])).toEqual([
      ['failed', 'El archivo no es una imagen válida. Sube fotos en JPG, PNG, WebP o HEIC.'],
      ['failed', 'La foto es demasiado grande. El máximo es 15 MB y 40 megapíxeles.'],
    ]);
  });
});
