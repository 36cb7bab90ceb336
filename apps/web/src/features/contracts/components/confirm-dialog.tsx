import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirm: string;
  cancel: string;
  busy: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question before an action that cannot be undone; focus starts on the safe choice. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirm,
  cancel,
  busy,
  danger = false,
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
        <div className="actions ctr-confirm__actions">
          <Button variant="secondary" onClick={close} data-autofocus disabled={busy}>
            {cancel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} loading={busy} onClick={onConfirm}>
            {confirm}
          </Button>
        </div>
      }
    >
      <p>{body}</p>
    </Dialog>
  );
}
