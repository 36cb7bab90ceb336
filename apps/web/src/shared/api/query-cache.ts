/**
 * Clearing the app's query cache without importing React Query (the session code is on every first
 * load; React Query is not): the client registers how it is cleared when it is created.
 */
let clearCache: (() => void) | null = null;

export function onClearQueryCache(clear: () => void): void {
  clearCache = clear;
}

/** The person changed (login, logout, impersonation): nothing of the previous one may show. */
export function clearQueryCache(): void {
  clearCache?.();
}
