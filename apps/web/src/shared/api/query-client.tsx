import { useState } from 'react';
import type { ReactNode } from 'react';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { onClearQueryCache } from './query-cache';

/** A 4xx will answer the same again; anything else (network, 5xx) gets one more try. */
const retry = (failures: number, error: unknown): boolean =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;

function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: { queries: { retry, refetchOnWindowFocus: false } },
    // After a change is saved, data of pages not on screen may be out of date: it is dropped, so the
    // next page loads afresh (a form must never start from old data). Pages on screen invalidate
    // what their own mutations change.
    mutationCache: new MutationCache({
      onSuccess: () => client.removeQueries({ type: 'inactive' }),
    }),
  });
  return client;
}

let browserClient: QueryClient | undefined;

/** The app's one client, created on first use; on the server (no window) one per render. */
function appQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  if (!browserClient) {
    const client = createQueryClient();
    onClearQueryCache(() => client.clear());
    browserClient = client;
  }
  return browserClient;
}

/**
 * React Query for the pages that use it. Imported only by lazy pages, so the library stays off the
 * catalogue's first load; every page shares the app's one client, so its cache outlives a navigation.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(appQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
