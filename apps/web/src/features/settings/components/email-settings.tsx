import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { TextField } from '../../../shared/ui/text-field';
import { showToast } from '../../../shared/ui/toast-store';
import { formatDateTime } from '../format-date';
import {
  emailQueryKey,
  fetchEmailState,
  removeEmail,
  requestEmailChange,
  type EmailState,
} from '../settings-api';
import { settingsTexts } from '../texts';

const t = settingsTexts.email;
const queryKey = emailQueryKey;
// The server checks the address for real (domain schema user-email.ts); this catches typos early.
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * The address e-mail notices go to (issue 12): given here, confirmed by the link sent to it. While a
 * link waits, the confirmed address (if any) keeps receiving; the link can be sent again.
 */
export function EmailSettings() {
  const client = useQueryClient();
  const query = useQuery({ queryKey, queryFn: ({ signal }) => fetchEmailState(signal) });
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);

  const update = (state: EmailState) => client.setQueryData(queryKey, state);
  const send = useMutation({
    mutationFn: requestEmailChange,
    onSuccess: (state, email) => {
      update(state);
      setEditing(false);
      setDraft('');
      showToast(state.pendingEmail ? t.sent(state.pendingEmail) : t.sent(email), 'success');
    },
    onError: (failure) => {
      const message = failure instanceof ApiError && failure.status === 400 ? t.invalid : failure.message;
      setError(message);
    },
  });
  const remove = useMutation({
    mutationFn: removeEmail,
    onSuccess: (state) => {
      update(state);
      showToast(t.removed, 'success');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const email = draft.trim();
    if (!looksLikeEmail(email)) {
      setError(t.invalid);
      return;
    }
    setError(null);
    send.mutate(email);
  };

  if (query.isPending) return <Spinner block />;
  if (query.isError) return <ErrorState title={t.loadError} onRetry={() => void query.refetch()} />;
  const state = query.data;
  const showForm = editing || state.email === null;

  return (
    <section className="card stack" aria-labelledby="settings-email-title">
      <h2 id="settings-email-title" className="card__title">
        {t.title}
      </h2>
      <p className="muted">{t.intro}</p>
      {state.email ? (
        <dl className="settings-data">
          <dt>{t.current}</dt>
          <dd>{state.email}</dd>
        </dl>
      ) : (
        <p>{t.none}</p>
      )}
      {state.pendingEmail && (
        <div className="settings-email__pending" role="status">
          <p>{t.pending(state.pendingEmail)}</p>
          {state.pendingExpiresAt && (
            <p className="muted">{t.pendingExpires(formatDateTime(state.pendingExpiresAt))}</p>
          )}
          <Button
            variant="secondary"
            size="sm"
            loading={send.isPending}
            onClick={() => send.mutate(state.pendingEmail ?? '')}
          >
            {t.resend}
          </Button>
        </div>
      )}
      {showForm ? (
        <form className="stack" noValidate onSubmit={submit}>
          <TextField
            label={t.label}
            hint={t.hint}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={draft}
            error={error ?? undefined}
            onChange={(event) => setDraft(event.target.value)}
            maxLength={254}
          />
          <div className="actions">
            <Button type="submit" loading={send.isPending}>
              {t.send}
            </Button>
            {editing && (
              <Button variant="secondary" onClick={() => setEditing(false)}>
                {t.cancel}
              </Button>
            )}
          </div>
        </form>
      ) : (
        <div className="actions">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {t.change}
          </Button>
          <Button variant="secondary" loading={remove.isPending} onClick={() => remove.mutate()}>
            {t.remove}
          </Button>
        </div>
      )}
    </section>
  );
}
