import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { EXTEND_PERIOD_MAX_DAYS } from '@casaoferta/domain/schemas/agent-tools';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { ReasonField } from '../../../shared/ui/reason-field';
import { TextField } from '../../../shared/ui/text-field';
import { agentOptionsTexts } from '../texts';

const t = agentOptionsTexts.confirm;
export const REJECT_REASON_MAX = 1000;
/** Without another choice, one more month (the default period of an announcement). */
export const DEFAULT_EXTEND_DAYS = 30;

/** The action of a modal: resolves true when done (the modal closes), false to stay open. */
type Submit<T> = (value: T) => Promise<boolean>;

function ModalForm({
  title,
  submitLabel,
  danger,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  submitLabel: string;
  danger?: boolean;
  onClose: () => void;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  const formId = useId();
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      await onSubmit();
    } finally {
      setSending(false);
    }
  };
  const footer = (
    <>
      <Button variant="ghost" onClick={onClose} disabled={sending}>
        {t.cancel}
      </Button>
      <Button type="submit" form={formId} variant={danger ? 'danger' : 'primary'} loading={sending}>
        {submitLabel}
      </Button>
    </>
  );
  return (
    <Dialog open onClose={onClose} title={title} footer={footer}>
      <form id={formId} className="stack" noValidate onSubmit={(event) => void submit(event)}>
        {children}
      </form>
    </Dialog>
  );
}

/** SPEC 2.4: block user, readmit user, accept property, accept listing. */
export function ConfirmDialog({
  title,
  body,
  submitLabel,
  danger,
  onClose,
  onConfirm,
}: {
  title: string;
  body: string;
  submitLabel: string;
  danger?: boolean;
  onClose: () => void;
  onConfirm: Submit<void>;
}) {
  return (
    <ModalForm
      title={title}
      submitLabel={submitLabel}
      danger={danger}
      onClose={onClose}
      onSubmit={async () => {
        if (await onConfirm()) onClose();
      }}
    >
      <p>{body}</p>
    </ModalForm>
  );
}

export function reasonError(reason: string): string | null {
  const length = reason.trim().length;
  if (length === 0) return t.reasonRequired;
  if (length > REJECT_REASON_MAX) return t.reasonTooLong;
  return null;
}

/** SPEC 2.4, 5.5: reject property, reject listing; a reason is required ('Motivo del rechazo...'). */
export function RejectDialog({
  title,
  body,
  submitLabel,
  onClose,
  onReject,
}: {
  title: string;
  body: string;
  submitLabel: string;
  onClose: () => void;
  onReject: Submit<string>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <ModalForm
      title={title}
      submitLabel={submitLabel}
      danger
      onClose={onClose}
      onSubmit={async () => {
        const invalid = reasonError(reason);
        setError(invalid);
        if (invalid) return;
        if (await onReject(reason.trim())) onClose();
      }}
    >
      <p className="muted">{body}</p>
      <ReasonField
        label={t.reason}
        name="reason"
        required
        placeholder={t.reasonPlaceholder}
        maxLength={REJECT_REASON_MAX}
        value={reason}
        error={error}
        counter={t.reasonCounter(reason.trim().length)}
        onChange={(event) => setReason(event.target.value)}
      />
    </ModalForm>
  );
}

export function daysError(value: string): string | null {
  const days = Number(value);
  return /^\d+$/.test(value.trim()) && days >= 1 && days <= EXTEND_PERIOD_MAX_DAYS
    ? null
    : t.extend.daysInvalid(EXTEND_PERIOD_MAX_DAYS);
}

/** Extend the announcement's period by a number of days (1 to 90). */
export function ExtendPeriodDialog({ onClose, onExtend }: { onClose: () => void; onExtend: Submit<number> }) {
  const [days, setDays] = useState(String(DEFAULT_EXTEND_DAYS));
  const [error, setError] = useState<string | null>(null);
  return (
    <ModalForm
      title={t.extend.title}
      submitLabel={t.extend.submit}
      onClose={onClose}
      onSubmit={async () => {
        const invalid = daysError(days);
        setError(invalid);
        if (invalid) return;
        if (await onExtend(Number(days))) onClose();
      }}
    >
      <p className="muted">{t.extend.body}</p>
      <TextField
        label={t.extend.days}
        hint={t.extend.daysHint(EXTEND_PERIOD_MAX_DAYS)}
        name="days"
        type="number"
        inputMode="numeric"
        min={1}
        max={EXTEND_PERIOD_MAX_DAYS}
        step={1}
        required
        value={days}
        error={error}
        onChange={(event) => setDays(event.target.value)}
      />
    </ModalForm>
  );
}

/** Issue 28: give the announcement's payment back; the reason (5 to 500 characters) is kept with it. */
export function RefundDialog({ onClose, onRefund }: { onClose: () => void; onRefund: Submit<string> }) {
  const r = t.refundPayment;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <ModalForm
      title={r.title}
      submitLabel={r.submit}
      danger
      onClose={onClose}
      onSubmit={async () => {
        const length = reason.trim().length;
        const invalid = length < 5 || length > 500 ? r.reasonInvalid : null;
        setError(invalid);
        if (invalid) return;
        if (await onRefund(reason.trim())) onClose();
      }}
    >
      <p className="muted">{r.body}</p>
      <ReasonField
        label={r.reason}
        name="reason"
        required
        placeholder={r.reasonPlaceholder}
        maxLength={500}
        value={reason}
        error={error}
        counter={r.reasonCounter(reason.trim().length)}
        onChange={(event) => setReason(event.target.value)}
      />
    </ModalForm>
  );
}
