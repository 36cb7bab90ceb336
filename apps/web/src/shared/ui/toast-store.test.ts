import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TOAST_DURATION_MS,
  clearToasts,
  dismissToast,
  getToasts,
  pauseToast,
  resumeToast,
  runToastAction,
  showToast,
  subscribeToasts,
} from './toast-store';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    clearToasts();
    vi.useRealTimers();
  });

  it('shows a toast with its kind, info by default, and notifies subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToasts(listener);
    showToast('Se ha modificado correctamente', 'success');
    showToast('Hola');
    expect(getToasts().map((toast) => [toast.message, toast.kind])).toEqual([
      ['Se ha modificado correctamente', 'success'],
      ['Hola', 'info'],
    ]);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    showToast('Otro');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('runs a toast action once and tells how each toast closed', () => {
    const undo = vi.fn();
    const closed: string[] = [];
    showToast('Foto eliminada.', 'info', {
      action: { label: 'Deshacer', onAction: undo },
      onClose: (reason) => closed.push(`a:${reason}`),
    });
    // The same message again is a toast of its own: each carries its own undo.
    showToast('Foto eliminada.', 'info', { onClose: (reason) => closed.push(`b:${reason}`) });
    showToast('Otra', 'info', { onClose: (reason) => closed.push(`c:${reason}`) });
    const [first, , third] = getToasts();
    if (!first || !third) throw new Error('no toasts');
    expect(first.action?.label).toBe('Deshacer');
    runToastAction(first.id);
    runToastAction(first.id);
    expect(undo).toHaveBeenCalledOnce();
    dismissToast(third.id);
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(closed).toEqual(['a:action', 'c:dismissed', 'b:timeout']);
  });

  it('removes a toast after 5000 ms', () => {
    showToast('Ha ocurrido un error interno en el servidor.', 'error');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('keeps a hovered toast and resumes with the time that was left', () => {
    showToast('Pausa', 'info');
    const [toast] = getToasts();
    if (!toast) throw new Error('no toast');
    vi.advanceTimersByTime(3000);
    pauseToast(toast.id);
    vi.advanceTimersByTime(60_000);
    expect(getToasts()).toHaveLength(1);
    resumeToast(toast.id);
    vi.advanceTimersByTime(1999);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('stays while any hold remains (hover and focus)', () => {
    showToast('Doble', 'info');
    const id = getToasts()[0]?.id ?? -1;
    pauseToast(id);
    pauseToast(id);
    resumeToast(id);
    vi.advanceTimersByTime(10_000);
    expect(getToasts()).toHaveLength(1);
    resumeToast(id);
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(getToasts()).toHaveLength(0);
  });

  it('does not repeat the same message but restarts its time', () => {
    showToast('Repetido', 'error');
    vi.advanceTimersByTime(4000);
    showToast('Repetido', 'error');
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(4000);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(getToasts()).toHaveLength(0);
  });

  it('dismisses by id', () => {
    showToast('Uno');
    showToast('Dos');
    const first = getToasts()[0];
    if (!first) throw new Error('no toast');
    dismissToast(first.id);
    expect(getToasts().map((toast) => toast.message)).toEqual(['Dos']);
  });
});
