import type { Masters } from '@casaoferta/domain/schemas/masters';

/**
 * Master data, loaded once per browser session (the API answers 304 to a revalidation). Loaded lazily,
 * so the catalogue's first paint does not wait for it.
 */
let masters: Masters | null = null;
let pending: Promise<Masters> | null = null;

export function loadMasters(): Promise<Masters> {
  if (masters) return Promise.resolve(masters);
  pending ??= fetch('/api/masters', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`masters: HTTP ${response.status}`);
      const body = (await response.json()) as { data: Masters };
      masters = body.data;
      return masters;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

export const cachedExceptionAttributes = (): Record<string, string> | undefined =>
  masters?.exceptionAttributes;
