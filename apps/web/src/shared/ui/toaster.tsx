import { useSyncExternalStore } from 'react';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from './icons';
import { uiTexts } from './texts';
import {
  dismissToast,
  getToasts,
  pauseToast,
  resumeToast,
  runToastAction,
  subscribeToasts,
} from './toast-store';
import type { Toast } from './toast-store';

const icons = { error: AlertIcon, success: CheckCircleIcon, info: InfoIcon } as const;

function ToastItem({ toast }: { toast: Toast }) {
  const Icon = icons[toast.kind];
  return (
    <div
      className={`toast toast--${toast.kind}`}
      onMouseEnter={() => pauseToast(toast.id)}
      onMouseLeave={() => resumeToast(toast.id)}
      onFocus={() => pauseToast(toast.id)}
      onBlur={() => resumeToast(toast.id)}
    >
      <Icon className="toast__icon" size={18} />
      <p className="toast__message">{toast.message}</p>
      {toast.action && (
        <button type="button" className="toast__action" onClick={() => runToastAction(toast.id)}>
          {toast.action.label}
        </button>
      )}
      <button
        type="button"
        className="toast__close"
        aria-label={uiTexts.dismissToast}
        onClick={() => dismissToast(toast.id)}
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}

/**
 * Live regions for toasts, bottom-right. Both regions stay mounted so screen readers announce what
 * is added: errors through role="alert", the rest politely through role="status".
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const errors = toasts.filter((toast) => toast.kind === 'error');
  const others = toasts.filter((toast) => toast.kind !== 'error');
  return (
    <section className="toaster" aria-label={uiTexts.toastRegion}>
      <div className="toaster__region" role="alert">
        {errors.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
      <div className="toaster__region" role="status" aria-live="polite">
        {others.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </section>
  );
}
