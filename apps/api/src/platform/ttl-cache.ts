/**
 * A small in-process cache with a time to live and a size bound (oldest entries evicted first). For
 * answers that may be a few seconds stale, such as catalogue pages. Concurrent misses for one key share
 * one computation.
 */
export function ttlCache<V>(options: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, { expires: number; value: Promise<V> }>();
  return {
    get(key: string, compute: () => Promise<V>): Promise<V> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      const value = compute();
      entries.delete(key);
      entries.set(key, { expires: now + options.ttlMs, value });
      value.catch(() => entries.delete(key));
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return value;
    },
    clear: () => entries.clear(),
  };
}
