import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { announcementTexts } from '../texts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before a destructive action. Focus starts on 'Cancelar' (the safe choice) and returns to the
 * button that opened it (shared Dialog).
 */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
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
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      }
    >
      <p>{body}</p>
    </Dialog>
  );
}
