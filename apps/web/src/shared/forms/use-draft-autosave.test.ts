import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, useDraftAutosave } from './use-draft-autosave';
import type { Unchanged } from './use-draft-autosave';

/** A form's edits: `edit()` tells the hook the owner changed something. */
function edits() {
  const listeners = new Set<() => void>();
  return {
    subscribe: (onChange: () => void) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    edit: () => listeners.forEach((listener) => listener()),
  };
}

describe('useDraftAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once, 1.5 s after the last edit, and says so', async () => {
    const form = edits();
    const save = vi.fn((auto: boolean) => Promise.resolve(auto ? 'auto' : 'now'));
    const { result } = renderHook(() => useDraftAutosave({ subscribe: form.subscribe, save }));
    act(() => form.edit());
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1));
    act(() => form.edit());
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(true);
    expect(result.current.status).toBe('saved');
  });

  it('runs saves one after another, and a save with nothing new keeps the status', async () => {
    const order: string[] = [];
    let release = (): void => undefined;
    const save = vi.fn((): Promise<string> | Unchanged<string> => {
      if (save.mock.calls.length > 1) return { unchanged: 'same' };
      order.push('first started');
      return new Promise<string>((resolve) => {
        release = () => resolve('first');
      });
    });
    const { result } = renderHook(() => useDraftAutosave({ subscribe: edits().subscribe, save }));
    let first: Promise<string> = Promise.resolve('');
    let second: Promise<string> = Promise.resolve('');
    act(() => {
      first = result.current.saveNow();
      second = result.current.saveNow();
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(save).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('saving');
    await act(async () => {
      release();
      await first;
    });
    expect(await second).toBe('same');
    expect(result.current.status).toBe('saved');
  });

  it('reports a failed save, and saves an unsaved edit when the form is left if asked to', async () => {
    const form = edits();
    const save = vi.fn(() => Promise.reject(new Error('offline')));
    const { result, unmount } = renderHook(() =>
      useDraftAutosave({ subscribe: form.subscribe, save, saveOnLeave: true }),
    );
    await act(() => expect(result.current.saveNow()).rejects.toThrow('offline'));
    expect(result.current.status).toBe('error');
    act(() => form.edit());
    unmount();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
