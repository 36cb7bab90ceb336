import { useId, useState } from 'react';
import type { TenantProfile } from '@casaoferta/domain/schemas/tenant';
import { useSessionActions } from '../../../shared/session';
import { Button } from '../../../shared/ui/button';
import { FieldFrame } from '../../../shared/ui/field-parts';
import { showToast } from '../../../shared/ui/toast-store';
import { saveProfile, useProfileCache } from '../api/tenant-api';
import type { ProfileLists } from '../lists';
import { failedField, failureText, toastFailure } from '../save-errors';
import { profileTexts } from '../texts';

const t = profileTexts.sectionPages.presentation;

/** The longest presentation (schemas/tenant presentationInput). */
export const PRESENTATION_MAX = 2000;

/** /profile/presentation: a free text for owners, up to 2000 characters with a counter ('' clears it). */
export function PresentationForm({ profile, lists }: { profile: TenantProfile; lists: ProfileLists }) {
  const [text, setText] = useState(profile.presentation ?? '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const { refresh } = useSessionActions();
  const cache = useProfileCache();
  const counterId = useId();

  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const saved = await saveProfile({ kind: 'presentation', body: { presentation: text.trim() } });
      cache.setProfile(saved);
      setText(saved.presentation ?? '');
      showToast(profileTexts.toasts.presentationSaved, 'success');
      void refresh();
    } catch (failure) {
      if (failedField(failure, ['presentation'])) setError(failureText(failure, lists.exceptionAttributes));
      else toastFailure(failure, lists.exceptionAttributes);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="card stack profile-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void submit();
      }}
    >
      <FieldFrame label={profileTexts.fields.presentation} error={error}>
        {(control) => (
          <textarea
            {...control}
            aria-describedby={[control['aria-describedby'], counterId].filter(Boolean).join(' ')}
            className="input profile-presentation"
            rows={8}
            maxLength={PRESENTATION_MAX}
            placeholder={t.placeholder}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        )}
      </FieldFrame>
      <p id={counterId} className="muted text-sm profile-presentation__counter">
        {t.counter(text.length, PRESENTATION_MAX)}
      </p>
      <div className="actions profile-form__actions">
        <Button type="submit" size="lg" loading={busy}>
          {profileTexts.save}
        </Button>
      </div>
    </form>
  );
}
