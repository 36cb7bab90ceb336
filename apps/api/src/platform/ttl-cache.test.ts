import { afterEach, describe, expect, it, vi } from 'vitest';
import { ttlCache } from './ttl-cache';

afterEach(() => vi.useRealTimers());

describe('ttlCache', () => {
  it('computes once per key within the time to live, again after it', async () => {
    vi.useFakeTimers();
    const cache = ttlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    const compute = vi.fn(async () => 42);
    await Promise.all([cache.get('a', compute), cache.get('a', compute)]);
    expect(compute).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1001);
    await cache.get('a', compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('evicts the oldest entry past its size and forgets failures', async () => {
    const cache = ttlCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    const compute = vi.fn(async () => 'x');
    await cache.get('a', compute);
    await cache.get('b', compute);
    await cache.get('c', compute);
    await cache.get('a', compute);
    expect(compute).toHaveBeenCalledTimes(4);
    const failing = vi.fn(async () => {
      throw new Error('db down');
    });
    await expect(cache.get('z', failing)).rejects.toThrow('db down');
    await expect(cache.get('z', failing)).rejects.toThrow('db down');
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
