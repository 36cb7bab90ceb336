import { describe, expect, it, vi } from 'vitest';
import { createUploadQueue, MAX_IMAGE_BYTES, type PhotoUpload } from './upload-queue';

describe('createUploadQueue', () => {
  it('refuses empty files, non-images and files over 15 MB before sending them, each once', () => {
    const upload = vi.fn(() => new Promise<never>(() => undefined));
    let list: PhotoUpload[] = [];
    const queue = createUploadQueue({ onChange: (next) => (list = next), onUploaded: vi.fn(), upload });
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: MAX_IMAGE_BYTES + 1 });
    const files = [
      new File([], 'vacia.jpg', { type: 'image/jpeg' }),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
      big,
    ];
    queue.add('p1', files);
    queue.add('p1', files);
    expect(upload).not.toHaveBeenCalled();
    expect(list.map((item) => [item.name, item.status, item.error])).toEqual([
      ['vacia.jpg', 'failed', 'El archivo está vacío. Elige otra foto.'],
      ['notes.txt', 'failed', 'No es una imagen. Sube fotos en JPG, PNG, WebP o HEIC.'],
      ['big.jpg', 'failed', 'La foto es demasiado grande. El máximo es 15 MB y 40 megapíxeles.'],
    ]);
  });
});
