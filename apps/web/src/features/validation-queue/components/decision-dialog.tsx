import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { ReasonField } from '../../../shared/ui/reason-field';
import { validationTexts } from '../texts';

const t = validationTexts.dialogs;

/** The API takes up to 1.000 characters of reason (validationDecision). */
export const REASON_MAX = 1000;

export interface DecisionDialogProps {
  title: string;
  body: string;
  confirmLabel: string;
  /** A rejection: asks the reason (SPEC 5.5), required. */
  reject: boolean;
  busy: boolean;
  /** What the API answered when the decision failed (shown in the dialog). */
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * SPEC 2.4's confirmation modals: accept or reject a property (or its revision) or an announcement. The
 * shared Dialog traps focus (native modal) and gives it back to the button that opened it. An approval
 * starts on 'Cancelar'; a rejection on the reason.
 */
export function DecisionDialog({
  title,
  body,
  confirmLabel,
  reject,
  busy,
  error,
  onConfirm,
  onClose,
}: DecisionDialogProps) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    if (reject) {
      const invalid = !trimmed ? t.reasonRequired : trimmed.length > REASON_MAX ? t.reasonTooLong : null;
      setReasonError(invalid);
      if (invalid) return;
    }
    onConfirm(trimmed);
  };

  const footer = (
    <div className="actions vq-dialog__actions">
      <Button variant="secondary" onClick={onClose} data-autofocus={reject ? undefined : true}>
        {t.cancel}
      </Button>
      <Button type="submit" form={formId} variant={reject ? 'danger' : 'primary'} loading={busy}>
        {confirmLabel}
      </Button>
    </div>
  );

  return (
    <Dialog open onClose={onClose} title={title} footer={footer}>
      <form id={formId} className="stack" noValidate onSubmit={submit}>
        <p>{body}</p>
        {reject && (
          <ReasonField
            label={t.reasonLabel}
            hint={t.reasonHint}
            placeholder={t.reasonPlaceholder}
            name="reason"
            required
            maxLength={REASON_MAX}
            value={reason}
            error={reasonError}
            counter={t.counter(reason.trim().length)}
            data-autofocus
            onChange={(event) => {
              setReason(event.target.value);
              if (reasonError) setReasonError(null);
            }}
          />
        )}
        {error && (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
