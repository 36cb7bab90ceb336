import { createElement, lazy } from 'react';
import type { ComponentType, ReactElement } from 'react';
import { shellTexts } from './shell/texts';

/** SPEC 9: a lazy-loaded page that has not arrived after 120 s raises a load error. */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

type PageModule = { default: ComponentType };

/** The page's module, or a load error once `timeoutMs` has passed without it. */
export function loadWithTimeout(
  load: () => Promise<PageModule>,
  timeoutMs = PAGE_LOAD_TIMEOUT_MS,
): Promise<PageModule> {
  return new Promise((resolve, reject) => {
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

export interface LazyPage {
  (): ReactElement;
  /** Loads the page's chunk; once loaded, the page renders without suspending. */
  preload(): Promise<void>;
}

/**
 * A page in its own chunk. Rendered before its chunk arrives it suspends (the route shows the page
 * loader); after `preload()` it renders at once, which lets the app replace the server-rendered
 * markup of that page in one commit, with no loader in between (see main.tsx).
 */
export function lazyPage(load: () => Promise<PageModule>, timeoutMs = PAGE_LOAD_TIMEOUT_MS): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<PageModule> | undefined;
  const loadOnce = () =>
    (pending ??= loadWithTimeout(load, timeoutMs).then((module) => {
      loaded = module.default;
      return module;
    }));
  const Suspending = lazy(loadOnce);
  // `loaded` is set before React retries a suspended render, so a mounted page never changes type.
  const Page = () => createElement(loaded ?? Suspending);
  return Object.assign(Page, { preload: () => loadOnce().then(() => undefined) });
}
