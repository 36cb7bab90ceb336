import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { uiTexts } from './texts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  /** Shown under the body: what the person should have in sight while deciding (a rejection reason). */
  detail?: ReactNode;
  confirmLabel: string;
  /** The safe choice; 'Cancelar' unless the question reads better with another word ('Volver'). */
  cancelLabel?: string;
  /** The confirming button: 'danger' for what cannot be undone. */
  confirmVariant?: 'danger' | 'primary';
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before an action that is destructive or sends something. Focus starts on the safe choice and
 * returns to the button that opened it (shared Dialog); while the action runs, the dialog stays open.
 */
export function ConfirmDialog({
  open,
  title,
  body,
  detail,
  confirmLabel,
  cancelLabel = uiTexts.cancel,
  confirmVariant = 'danger',
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      footer={
        <div className="actions actions--end">
          <Button variant="secondary" onClick={close} data-autofocus disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={confirmVariant} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      }
    >
      <p>{body}</p>
      {detail}
    </Dialog>
  );
}
