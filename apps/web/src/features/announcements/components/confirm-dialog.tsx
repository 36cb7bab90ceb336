import type { ReactNode } from 'react';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { announcementTexts } from '../texts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  /** Shown under the body: what the owner should have in sight while deciding (a rejection reason). */
  detail?: ReactNode;
  confirmLabel: string;
  /** The confirming button: 'danger' for what cannot be undone. */
  confirmVariant?: 'danger' | 'primary';
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before an action that is destructive or sends something. Focus starts on 'Cancelar' (the safe choice) and returns to the
 * button that opened it (shared Dialog).
 */
export function ConfirmDialog({
  open,
  title,
  body,
  detail,
  confirmLabel,
  confirmVariant = 'danger',
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <div className="actions ann-confirm__actions">
          <Button variant="secondary" onClick={onClose} data-autofocus>
            {announcementTexts.actions.cancel}
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
