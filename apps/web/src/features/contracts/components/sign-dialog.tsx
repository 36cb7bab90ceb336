import { useState } from 'react';
import { contractSignInput, type ContractPartyRole } from '@casaoferta/domain/schemas/contracts';
import { ApiError } from '../../../shared/api/api-error';
import { errorText } from '../../../shared/api/error-text';
import { cachedExceptionAttributes } from '../../../shared/api/masters-cache';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/text-field';
import { showToast } from '../../../shared/ui/toast-store';
import { useSignCode, useSignContract } from '../api/mutations';
import { formatTime } from '../contract-view';
import { contractsTexts } from '../texts';

const t = contractsTexts.sign;

const messageOf = (error: unknown) =>
  error instanceof ApiError
    ? errorText(error.code, cachedExceptionAttributes())
    : errorText('INTERNAL_ERROR');

export interface SignDialogProps {
  contractId: string;
  role: ContractPartyRole;
  open: boolean;
  onClose: () => void;
  /** After signing, once the dialog has closed. */
  onSigned: () => void;
}

/**
 * "Firmar": the typed full name, "Enviar código" (a one-time SMS code), the 6-digit code and "Firmar
 * contrato". Errors of the API (a wrong or expired code, a name that does not match) show in the dialog.
 */
export function SignDialog({ contractId, role, open, onClose, onSigned }: SignDialogProps) {
  const [fullName, setFullName] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ fullName?: string; code?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const signCode = useSignCode(contractId, role);
  const sign = useSignContract(contractId, role);
  const busy = signCode.isPending || sign.isPending;

  const close = () => {
    if (!sign.isPending) onClose();
  };
  const askCode = () => {
    setFailure(null);
    signCode.mutate(undefined, { onError: (error) => setFailure(messageOf(error)) });
  };
  const submit = () => {
    setFailure(null);
    const parsed = contractSignInput.safeParse({ fullName, code });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
      setErrors({
        fullName: fields.has('fullName') ? t.fullNameRequired : undefined,
        code: fields.has('code') ? t.codeInvalid : undefined,
      });
      return;
    }
    setErrors({});
    sign.mutate(parsed.data, {
      onSuccess: () => {
        showToast(t.done, 'success');
        onClose();
        onSigned();
      },
      onError: (error) => setFailure(messageOf(error)),
    });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t.title}
      closeLabel={t.close}
      footer={
        <div className="actions ctr-confirm__actions">
          <Button variant="secondary" onClick={close} disabled={sign.isPending}>
            {t.close}
          </Button>
          <Button loading={sign.isPending} disabled={busy} onClick={submit}>
            {t.submit}
          </Button>
        </div>
      }
    >
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>{t.intro}</p>
        <TextField
          label={t.fullName}
          value={fullName}
          onChange={(event) => setFullName(event.target.value)}
          autoComplete="name"
          required
          error={errors.fullName}
        />
        <div>
          <Button variant="secondary" loading={signCode.isPending} disabled={busy} onClick={askCode}>
            {signCode.data ? t.resendCode : t.sendCode}
          </Button>
        </div>
        <p role="status" className="muted text-sm">
          {signCode.data ? t.codeSent(signCode.data.sentTo, formatTime(signCode.data.expiresAt)) : ''}
        </p>
        <TextField
          label={t.code}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          error={errors.code}
        />
        <div role="alert" className={failure ? 'alert alert--error' : undefined}>
          {failure}
        </div>
      </form>
    </Dialog>
  );
}
