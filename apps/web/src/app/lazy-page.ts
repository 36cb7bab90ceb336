import { shellTexts } from './shell/texts';
import type { ComponentType } from 'react';

/** SPEC 9: a lazy-loaded page that has not arrived after 120 s raises a load error. */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

export function lazyPage<T extends ComponentType>(
  load: () => Promise<{ default: T }>,
  timeoutMs = PAGE_LOAD_TIMEOUT_MS,
): () => Promise<{ default: T }> {
  return () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(shellTexts.pageLoadFailed)), timeoutMs);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}
