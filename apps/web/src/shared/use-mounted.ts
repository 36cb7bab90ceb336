import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while hydrating its markup, true in the browser otherwise: for parts that
 * depend on browser state (storage, timers), which the server-rendered markup leaves out so hydration
 * matches. React renders them right after hydrating (the server snapshot is used only for it).
 */
export function useMounted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
