import { useState } from 'react';
import type { FormEvent } from 'react';
import { normalizePhone } from '@casaoferta/domain/phone';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/text-field';
import { useInvite } from '../api/mutations';
import { receivedOffersTexts } from '../texts';

const t = receivedOffersTexts;

/** Invite someone by phone to make an offer: one field, checked here and again by the API. */
export function InviteDialog({ announcementId, onClose }: { announcementId: string; onClose: () => void }) {
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invite = useInvite(announcementId);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const normalized = phone.trim() ? normalizePhone(phone) : null;
    if (!normalized) {
      setError(t.invite.invalidPhone);
      return;
    }
    setError(null);
    invite.mutate(
      { countryCode: normalized.countryCode, phoneNumber: normalized.e164 },
      { onSuccess: onClose },
    );
  };
  return (
    <Dialog open onClose={onClose} title={t.invite.title}>
      <form className="stack" noValidate onSubmit={submit}>
        <p>{t.invite.body}</p>
        <TextField
          label={t.invite.phone}
          hint={t.invite.phoneHint}
          error={error ?? undefined}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          required
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
        />
        <div className="actions rof-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={invite.isPending}>
            {t.invite.send}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
