import { useCallback, useEffect, useRef, useState } from 'react';

/** ~1.5 s after the last change the draft is saved. */
export const AUTOSAVE_DELAY_MS = 1500;

/** The state of save-as-you-go, for the 'Borrador guardado' indicator. */
export type DraftStatus = 'idle' | 'saving' | 'saved' | 'error';

/** What a save gives when there is nothing new to send (the status stays as it is). */
export interface Unchanged<R> {
  unchanged: R;
}

export interface DraftAutosaveOptions<R> {
  /** Off: edits are not saved as they come (saveNow still saves). On by default. */
  enabled?: boolean;
  /** Subscribes to the owner's edits; returns the unsubscribe function. */
  subscribe: (onChange: () => void) => () => void;
  /**
   * Saves the draft (`auto` for save-as-you-go, after the delay); rejects when the save fails. Called
   * only once the save before it has ended, so it may decide then whether anything is new.
   */
  save: (auto: boolean) => Promise<R> | Unchanged<R>;
  /** Leaving the form with an edit not yet saved saves it at once, rather than dropping it. */
  saveOnLeave?: boolean;
}

/**
 * Save as you go, for every form with a draft: debounces the edits, runs one save at a time (so a
 * second save carries the id the first one got) and reports the state for the indicator.
 */
export function useDraftAutosave<R>({
  enabled = true,
  subscribe,
  save,
  saveOnLeave = false,
}: DraftAutosaveOptions<R>) {
  const [status, setStatus] = useState<DraftStatus>('idle');
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  /** Drops the save waiting for the delay. */
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  /** Saves now (after the save running, if any); rejects when this save fails. */
  const saveNow = useCallback(
    (auto = false): Promise<R> => {
      cancel();
      const next = chain.current.then(async () => {
        const saving = save(auto);
        if ('unchanged' in saving) return saving.unchanged;
        setStatus('saving');
        try {
          const saved = await saving;
          setStatus('saved');
          return saved;
        } catch (error) {
          setStatus('error');
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
      if (saveOnLeave && timer.current) saveNow(true).catch(() => undefined);
      else cancel();
    };
  }, [enabled, subscribe, cancel, saveNow, saveOnLeave]);

  /** Stops a pending save and waits for the one running, before the complete save. */
  const settle = useCallback(async () => {
    cancel();
    await chain.current;
  }, [cancel]);

  /** Stops a pending save; the next save does not wait for the one running (the draft is done). */
  const forget = useCallback(() => {
    cancel();
    chain.current = Promise.resolve();
  }, [cancel]);

  /** The draft is gone: no save pending, nothing to show. */
  const reset = useCallback(() => {
    cancel();
    setStatus('idle');
  }, [cancel]);

  return { status, saveNow, cancel, settle, forget, reset };
}
