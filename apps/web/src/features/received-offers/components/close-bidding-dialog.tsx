import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { receivedOffersTexts } from '../texts';

const t = receivedOffersTexts;

/** Asks before closing bidding; focus starts on 'Cancelar' and returns to the opener. */
export function CloseBiddingDialog({
  busy,
  onConfirm,
  onClose,
}: {
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={t.bidding.confirmTitle}
      footer={
        <div className="actions rof-dialog__actions">
          <Button variant="secondary" onClick={onClose} data-autofocus>
            {t.cancel}
          </Button>
          <Button loading={busy} onClick={onConfirm}>
            {t.bidding.confirmButton}
          </Button>
        </div>
      }
    >
      <p>{t.bidding.confirmBody}</p>
    </Dialog>
  );
}
