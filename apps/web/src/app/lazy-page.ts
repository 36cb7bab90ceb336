import { createElement, lazy } from 'react';
import type { ComponentType, ReactElement } from 'react';
import { shellTexts } from './shell/texts';

/** SPEC 9: a lazy-loaded page that has not arrived after 120 s raises a load error. */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

type PageModule = { default: ComponentType };

/** A page's chunk did not arrive: the network failed, a deploy removed it, or SPEC 9's time-out passed. */
export class PageLoadError extends Error {
  constructor(cause?: unknown) {
    super(shellTexts.pageLoadFailed, { cause });
    this.name = 'PageLoadError';
  }
}

/** The page's module, or a PageLoadError once `timeoutMs` has passed without it or the import failed. */
export function loadWithTimeout(
  load: () => Promise<PageModule>,
  timeoutMs = PAGE_LOAD_TIMEOUT_MS,
): Promise<PageModule> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadError()), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new PageLoadError(error));
      },
    );
  });
}

export interface LazyPage {
  (): ReactElement;
  /** Loads the page's chunk; once loaded, the page renders without suspending. */
  preload(): Promise<void>;
}

/** Pages whose chunk failed, each with what renders it afresh. */
const failedPages = new Set<() => void>();

/**
 * The error boundary's 'Reintentar': pages whose chunk failed import it again when rendered next
 * (React.lazy keeps a failure for good, so each of them gets a new one).
 */
export function retryFailedPageLoads(): void {
  for (const renew of failedPages) renew();
  failedPages.clear();
}

/**
 * A page in its own chunk. Rendered before its chunk arrives it suspends (the route shows the page
 * loader); after `preload()` it renders at once, which lets the app replace the server-rendered
 * markup of that page in one commit, with no loader in between (see main.tsx). A failed load is not
 * kept: the next `preload()`, or a render after retryFailedPageLoads(), imports the chunk again.
 */
export function lazyPage(load: () => Promise<PageModule>, timeoutMs = PAGE_LOAD_TIMEOUT_MS): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<PageModule> | undefined;
  const loadOnce = () =>
    (pending ??= loadWithTimeout(load, timeoutMs).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        failedPages.add(renew);
        throw error;
      },
    ));
  let Suspending = lazy(loadOnce);
  function renew() {
    Suspending = lazy(loadOnce);
  }
  // `loaded` is set before React retries a suspended render, so a mounted page never changes type.
  const Page = () => createElement(loaded ?? Suspending);
  return Object.assign(Page, { preload: () => loadOnce().then(() => undefined) });
}
