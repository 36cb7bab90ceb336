import { useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../shared/api/api-error';

/** A 4xx will answer the same again; anything else (network, 5xx) gets one more try. */
const retry = (failures: number, error: unknown): boolean =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;

/**
 * React Query for the pages that use it. Imported only by lazy pages, so the library stays off the
 * catalogue's first load; each page owns its client (its cache lives as long as the page).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry, refetchOnWindowFocus: false } } }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
