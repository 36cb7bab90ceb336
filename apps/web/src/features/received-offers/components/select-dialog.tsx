import { useState } from 'react';
import type { OfferDecisionReasonCode } from '@casaoferta/domain/codes';
import type { OwnerOffer } from '@casaoferta/domain/schemas/offers';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { RadioGroup } from '../../../shared/ui/radio-group';
import { decisionReasons, defaultDecisionReason } from '../offer-view';
import { receivedOffersTexts } from '../texts';

const t = receivedOffersTexts;
const reasonOptions = decisionReasons.map((item) => ({ value: item.code, label: item.label }));
const isReason = (code: string): code is OfferDecisionReasonCode =>
  decisionReasons.some((item) => item.code === code);

export interface SelectDialogProps {
  offer: OwnerOffer;
  busy: boolean;
  onConfirm: (reasonCode: OfferDecisionReasonCode) => void;
  onClose: () => void;
}

/** Choosing a candidate: the reason every other candidate will read (master decisionReasons). */
export function SelectDialog({ offer, busy, onConfirm, onClose }: SelectDialogProps) {
  const [reason, setReason] = useState<OfferDecisionReasonCode>(defaultDecisionReason);
  return (
    <Dialog
      open
      onClose={onClose}
      title={t.select.title(offer.candidate.displayName)}
      footer={
        <div className="actions rof-dialog__actions">
          <Button variant="secondary" onClick={onClose} data-autofocus>
            {t.cancel}
          </Button>
          <Button loading={busy} onClick={() => onConfirm(reason)}>
            {t.select.confirm}
          </Button>
        </div>
      }
    >
      <div className="stack">
        <p>{t.select.body}</p>
        <RadioGroup
          legend={t.select.reason}
          name="decision-reason"
          options={reasonOptions}
          value={reason}
          onChange={(value) => {
            if (isReason(value)) setReason(value);
          }}
        />
      </div>
    </Dialog>
  );
}
