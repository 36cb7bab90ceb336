import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api-error';
import { storageKeys } from '../../shared/storage-keys';
import { captureDownloads } from '../../test/capture-downloads';
import { fail, mockApi } from '../../test/mock-api';
import { downloadAsAgent, percentOf } from './agent-download';
import type { DownloadProgress } from './agent-download';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('downloadAsAgent', () => {
  it("sends the agent's main token, reports progress and saves under the server's name", async () => {
    localStorage.setItem(storageKeys.bearerToken, 'main-token');
    sessionStorage.setItem(storageKeys.tempBearerToken, 'acting-token');
    const downloads = captureDownloads();
    const api = mockApi({
      'GET /api/property/p/download-images': () =>
        new Response(new Uint8Array(2048), {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Length': '2048',
            'Content-Disposition': 'attachment; filename="fotos.zip"; filename*=UTF-8\'\'fotos-CO%201.zip',
          },
        }),
    });
    const progress: DownloadProgress[] = [];
    try {
      const name = await downloadAsAgent('/api/property/p/download-images', 'imagenes.zip', {
        onProgress: (p) => progress.push(p),
      });
      expect(name).toBe('fotos-CO 1.zip');
      expect(downloads.savedNames()).toEqual(['fotos-CO 1.zip']);
      expect(api.calls[0]?.token).toBe('main-token');
      expect(progress[0]).toEqual({ loaded: 0, total: 2048 });
      expect(progress.at(-1)).toEqual({ loaded: 2048, total: 2048 });
      expect(percentOf({ loaded: 1024, total: 2048 })).toBe(50);
      expect(percentOf({ loaded: 10, total: null })).toBeNull();
    } finally {
      downloads.restore();
    }
  });

  it("rejects with the server's error code", async () => {
    mockApi({ 'GET /api/x': () => fail(404, 'NOT_FOUND') });
    const error: unknown = await downloadAsAgent('/api/x', 'x.zip').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('a network failure is NETWORK_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expect(downloadAsAgent('/api/x', 'x.zip')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });
});
