import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { showToast } from '../../../shared/ui/toast-store';
import { useWithdrawOffer } from '../api/withdraw-offer';
import { myOffersTexts } from '../texts';

const t = myOffersTexts.withdraw;

export interface WithdrawOfferProps {
  announcementId: string;
  offerId: string;
  isVisitRequest: boolean;
  /** Whether the button shows; the dialog stays mounted, so it can finish after the offer changes. */
  allowed: boolean;
  /** After the withdrawal, once the dialog has closed (the button that opened it is gone). */
  onWithdrawn: () => void;
}

/** 'Retirar oferta' and its confirmation; focus starts on 'Cancelar', the safe choice. */
export function WithdrawOffer({
  announcementId,
  offerId,
  isVisitRequest,
  allowed,
  onWithdrawn,
}: WithdrawOfferProps) {
  const [open, setOpen] = useState(false);
  const mutation = useWithdrawOffer(announcementId, offerId);
  const close = () => {
    if (!mutation.isPending) setOpen(false);
  };
  const confirm = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        showToast(t.done, 'success');
        onWithdrawn();
      },
      onError: () => setOpen(false),
    });
  return (
    <>
      {allowed && (
        <Button variant="danger" onClick={() => setOpen(true)}>
          {isVisitRequest ? myOffersTexts.detail.withdrawVisit : myOffersTexts.detail.withdraw}
        </Button>
      )}
      <Dialog
        open={open}
        onClose={close}
        title={isVisitRequest ? t.titleVisit : t.title}
        footer={
          <div className="actions mo-confirm__actions">
            <Button variant="secondary" onClick={close} data-autofocus disabled={mutation.isPending}>
              {t.cancel}
            </Button>
            <Button variant="danger" loading={mutation.isPending} onClick={confirm}>
              {t.confirm}
            </Button>
          </div>
        }
      >
        <p>{t.body}</p>
      </Dialog>
    </>
  );
}
