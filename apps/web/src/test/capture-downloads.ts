import { vi } from 'vitest';

/**
 * Test helper for shared/api/download-file.ts: object URLs stubbed (jsdom has none) and the link's click
 * caught, so a test reads the file name the browser would save. `restore()` puts everything back.
 */
export function captureDownloads() {
  const url = URL as unknown as Record<'createObjectURL' | 'revokeObjectURL', unknown>;
  const before = { createObjectURL: url.createObjectURL, revokeObjectURL: url.revokeObjectURL };
  url.createObjectURL = vi.fn(() => 'blob:download');
  url.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return {
    /** The names of the files saved so far. */
    savedNames: () => click.mock.contexts.map((link) => (link as HTMLAnchorElement).download),
    restore: () => {
      click.mockRestore();
      Object.assign(url, before);
    },
  };
}
