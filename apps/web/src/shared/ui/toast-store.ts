/**
 * Toast notifications as a framework-free store (SPEC 9: 5000 ms, bottom-right, stays while hovered).
 * The API client calls showToast; <Toaster/> renders the list with useSyncExternalStore.
 */
export type ToastKind = 'error' | 'success' | 'info';

/** A button in the toast ('Deshacer'): it runs once and closes the toast. */
export interface ToastAction {
  label: string;
  onAction: () => void;
}

/** How a toast went: its time ran out, the person closed it, or they used its action. */
export type ToastCloseReason = 'timeout' | 'dismissed' | 'action';

export interface ToastOptions {
  action?: ToastAction;
  onClose?: (reason: ToastCloseReason) => void;
}

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
  action?: ToastAction;
}

export const TOAST_DURATION_MS = 5000;

interface Timer {
  handle: ReturnType<typeof setTimeout> | null;
  remaining: number;
  startedAt: number;
  /** Hover and keyboard focus each hold the toast open; the timer runs again at zero holds. */
  holds: number;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const timers = new Map<number, Timer>();
const closeHandlers = new Map<number, (reason: ToastCloseReason) => void>();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function start(id: number, timer: Timer) {
  timer.startedAt = Date.now();
  timer.handle = setTimeout(() => dismissToast(id, 'timeout'), timer.remaining);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function subscribeToasts(callback: () => void): () => void {
  listeners.add(callback);
  return () => {
    listeners.delete(callback);
  };
}

/**
 * Shows a toast for 5 s. The same message already on screen is not repeated: its time restarts. A
 * toast with an action or a close handler is always its own (each undo belongs to one thing).
 */
export function showToast(message: string, kind: ToastKind = 'info', options: ToastOptions = {}): void {
  const own = Boolean(options.action ?? options.onClose);
  const existing = own
    ? undefined
    : toasts.find((toast) => toast.message === message && toast.kind === kind && !toast.action);
  if (existing) {
    const timer = timers.get(existing.id);
    if (timer && timer.holds === 0) {
      if (timer.handle) clearTimeout(timer.handle);
      timer.remaining = TOAST_DURATION_MS;
      start(existing.id, timer);
    }
    return;
  }
  const id = nextId++;
  const timer: Timer = { handle: null, remaining: TOAST_DURATION_MS, startedAt: 0, holds: 0 };
  timers.set(id, timer);
  start(id, timer);
  if (options.onClose) closeHandlers.set(id, options.onClose);
  toasts = [...toasts, { id, message, kind, ...(options.action ? { action: options.action } : {}) }];
  emit();
}

export function dismissToast(id: number, reason: ToastCloseReason = 'dismissed'): void {
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
  const next = toasts.filter((toast) => toast.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  const onClose = closeHandlers.get(id);
  closeHandlers.delete(id);
  emit();
  onClose?.(reason);
}

/** The toast's button: its action runs once, then the toast closes. */
export function runToastAction(id: number): void {
  const toast = toasts.find((item) => item.id === id);
  if (!toast?.action) return;
  toast.action.onAction();
  dismissToast(id, 'action');
}

/** Stops the clock (hover or focus); the remaining time is kept. */
export function pauseToast(id: number): void {
  const timer = timers.get(id);
  if (!timer) return;
  timer.holds += 1;
  if (timer.handle === null) return;
  clearTimeout(timer.handle);
  timer.handle = null;
  timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
}

/** Restarts the clock with the time that was left when it was paused. */
export function resumeToast(id: number): void {
  const timer = timers.get(id);
  if (!timer || timer.holds === 0) return;
  timer.holds -= 1;
  if (timer.holds === 0 && timer.handle === null) start(id, timer);
}

/** Removes every toast (logout, tests). */
export function clearToasts(): void {
  for (const toast of toasts) dismissToast(toast.id);
}
