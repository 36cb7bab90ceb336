import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { ReasonField } from '../../../shared/ui/reason-field';
import { ApiError } from '../../../shared/api/api-error';
import { errorText } from '../../../shared/api/error-text';
import { fullName, impersonate } from '../agents-api';
import type { ManageableUser } from '../agents-api';
import type { ImpersonatedUser } from '@casaoferta/domain/schemas/auth';
import { agentTexts } from '../texts';

const t = agentTexts.impersonate;
export const REASON_MIN = 5;
export const REASON_MAX = 500;

export function reasonError(reason: string): string | null {
  const length = reason.trim().length;
  if (length < REASON_MIN) return t.reasonTooShort;
  if (length > REASON_MAX) return t.reasonTooLong;
  return null;
}

export interface ImpersonateDialogProps {
  user: ManageableUser;
  onClose: () => void;
  /** Receives the temporary token and the impersonated user's info. */
  onImpersonated: (token: string, user: ImpersonatedUser) => Promise<void>;
}

/** Asks the reason (5–500 characters) and starts acting as the user (SPEC 4.7). */
export function ImpersonateDialog({ user, onClose, onImpersonated }: ImpersonateDialogProps) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const name = fullName(user);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = reasonError(reason);
    setError(invalid);
    if (invalid) return;
    setSending(true);
    try {
      const result = await impersonate(user.id, reason.trim());
      await onImpersonated(result.token, result.user);
    } catch (caught) {
      setError(errorText(caught instanceof ApiError ? caught.code : 'INTERNAL_ERROR'));
      setSending(false);
    }
  };

  const footer = (
    <>
      <Button variant="ghost" onClick={onClose}>
        {t.cancel}
      </Button>
      <Button type="submit" form={formId} loading={sending}>
        {t.submit}
      </Button>
    </>
  );

  return (
    <Dialog open onClose={onClose} title={t.title(name)} footer={footer}>
      <form id={formId} className="stack" noValidate onSubmit={(event) => void submit(event)}>
        <p className="muted">{t.intro}</p>
        <ReasonField
          label={t.reason}
          hint={t.reasonHint}
          name="reason"
          required
          maxLength={REASON_MAX}
          value={reason}
          error={error}
          counter={t.counter(reason.trim().length)}
          onChange={(event) => setReason(event.target.value)}
        />
      </form>
    </Dialog>
  );
}
