import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { NotificationEvent, NotificationSettings } from '@casaoferta/domain/schemas/user-settings';
import { Button } from '../../../shared/ui/button';
import { Select } from '../../../shared/ui/select';
import { showToast } from '../../../shared/ui/toast-store';
import { channelsOf, choiceOf, noticeChoices, type NoticeChoice } from '../notice-choice';
import { emailQueryKey, fetchEmailState, saveNotificationSettings } from '../settings-api';
import { settingsTexts } from '../texts';

const t = settingsTexts.notifications;
// Listed here (not imported from the domain's values) to keep zod out of this page's chunk.
const events = [
  'offers',
  'visits',
  'announcements',
  'contracts',
  'news',
  'favourites',
] as const satisfies readonly NotificationEvent[];

type Choices = Record<NotificationEvent, NoticeChoice>;

const choicesOf = (settings: NotificationSettings, hasEmail: boolean): Choices => ({
  offers: choiceOf(settings.offers, hasEmail),
  visits: choiceOf(settings.visits, hasEmail),
  announcements: choiceOf(settings.announcements, hasEmail),
  contracts: choiceOf(settings.contracts, hasEmail),
  news: choiceOf(settings.news, hasEmail),
  favourites: choiceOf(settings.favourites, hasEmail),
});

/**
 * One channel per kind of notice (issue 23): automatic (WhatsApp, else SMS), WhatsApp, SMS, e-mail once
 * confirmed, or none. 'Guardar cambios' sends them all.
 */
export function NotificationSettingsForm({ initial }: { initial: NotificationSettings }) {
  // The e-mail section above reads the same query: confirming or removing the address updates both.
  const email = useQuery({ queryKey: emailQueryKey, queryFn: ({ signal }) => fetchEmailState(signal) });
  const hasEmail = Boolean(email.data?.email);
  return (
    <section className="card stack" aria-labelledby="settings-notifications-title">
      <h2 id="settings-notifications-title" className="card__title">
        {t.title}
      </h2>
      <p className="muted">{t.intro}</p>
      {/* Drawn once the address is known, so a kind set to e-mail shows as such. */}
      {!email.isPending && <ChoicesForm key={String(hasEmail)} initial={initial} hasEmail={hasEmail} />}
    </section>
  );
}

function ChoicesForm({ initial, hasEmail }: { initial: NotificationSettings; hasEmail: boolean }) {
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<Choices>({ defaultValues: choicesOf(initial, hasEmail) });
  // What the server holds now: a choice keeps the e-mail switch it had (the unsubscribe link's).
  const [saved, setSaved] = useState(initial);

  const save = handleSubmit(async (choices) => {
    // A kind whose choice did not change keeps its settings as they are.
    const kind = (event: NotificationEvent) => {
      const previous = saved[event];
      return choices[event] === choiceOf(previous, hasEmail)
        ? previous
        : channelsOf(choices[event], previous);
    };
    const settings: NotificationSettings = {
      offers: kind('offers'),
      visits: kind('visits'),
      announcements: kind('announcements'),
      contracts: kind('contracts'),
      news: kind('news'),
      favourites: kind('favourites'),
    };
    try {
      setSaved(await saveNotificationSettings(settings));
      showToast(t.saved, 'success');
    } catch {
      // The API client has already shown the error.
    }
  });

  const options = noticeChoices.map((choice) => ({
    value: choice,
    label: choice === 'email' && !hasEmail ? t.emailNeedsConfirmation : t.choices[choice],
    disabled: choice === 'email' && !hasEmail,
  }));

  return (
    <form className="stack" noValidate onSubmit={(event) => void save(event)}>
      <div className="settings-choices">
        {events.map((event) => (
          <Select
            key={event}
            label={t.events[event]}
            options={options}
            placeholder={null}
            {...register(event)}
          />
        ))}
      </div>
      <p className="muted settings-choices__hint">{t.autoHint}</p>
      <div className="actions">
        <Button type="submit" loading={isSubmitting}>
          {t.save}
        </Button>
      </div>
    </form>
  );
}
