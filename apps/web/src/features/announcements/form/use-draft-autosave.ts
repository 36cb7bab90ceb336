import { useCallback, useEffect, useRef, useState } from 'react';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';

/** ~1.5 s after the last change the draft is saved. */
export const AUTOSAVE_DELAY_MS = 1500;

export type DraftState = 'idle' | 'saving' | 'saved' | 'error';

interface Options {
  enabled: boolean;
  /** Subscribes to the owner's edits; returns the unsubscribe function. */
  subscribe: (onChange: () => void) => () => void;
  /** Saves the draft; `silent` for save-as-you-go (no error toast). */
  save: (silent: boolean) => Promise<OwnerAnnouncement>;
}

/**
 * Save as you go: debounces the edits, runs one save at a time (so a second save carries the id the
 * first one got) and reports the state for the 'Borrador guardado' indicator.
 */
export function useDraftAutosave({ enabled, subscribe, save }: Options) {
  const [state, setState] = useState<DraftState>('idle');
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const saveNow = useCallback(
    (silent: boolean): Promise<OwnerAnnouncement> => {
      cancel();
      const next = chain.current.then(async () => {
        setState('saving');
        try {
          const saved = await save(silent);
          setState('saved');
          return saved;
        } catch (error) {
          setState('error');
          throw error;
        }
      });
      chain.current = next.catch(() => undefined);
      return next;
    },
    [cancel, save],
  );

  useEffect(() => {
    if (!enabled) return;
    const unsubscribe = subscribe(() => {
      cancel();
      timer.current = setTimeout(() => {
        timer.current = null;
        saveNow(true).catch(() => undefined);
      }, AUTOSAVE_DELAY_MS);
    });
    return () => {
      unsubscribe();
      // Leaving the form with an edit not yet saved: save it now rather than lose it.
      if (timer.current) saveNow(true).catch(() => undefined);
    };
  }, [enabled, subscribe, cancel, saveNow]);

  /** Stops a pending save and waits for the one running, before the complete save. */
  const settle = useCallback(async () => {
    cancel();
    await chain.current;
  }, [cancel]);

  return { state, saveNow, settle };
}
