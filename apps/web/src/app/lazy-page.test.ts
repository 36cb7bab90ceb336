import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

describe('lazyPage (SPEC 9: load error after 120 s)', () => {
  it('resolves with the module when it loads', async () => {
    const module = { default: () => null };
    await expect(lazyPage(() => Promise.resolve(module))()).resolves.toBe(module);
  });

  it('rejects when the chunk does not arrive in time', async () => {
    vi.useFakeTimers();
    const pending = lazyPage(() => new Promise<{ default: () => null }>(() => undefined), 120_000)();
    const assertion = expect(pending).rejects.toThrow('No se ha podido cargar la página.');
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
    vi.useRealTimers();
  });
});
