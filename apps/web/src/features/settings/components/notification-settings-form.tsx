import { useForm } from 'react-hook-form';
import type {
  NotificationChannels,
  NotificationEvent,
  NotificationSettings,
} from '@casaoferta/domain/schemas/user-settings';
import { Button } from '../../../shared/ui/button';
import { showToast } from '../../../shared/ui/toast-store';
import { saveNotificationSettings } from '../settings-api';
import { settingsTexts } from '../texts';

const t = settingsTexts.notifications;
// Listed here (not imported from the domain's values) to keep zod out of this page's chunk.
const events = [
  'offers',
  'visits',
  'announcements',
  'contracts',
  'news',
] as const satisfies readonly NotificationEvent[];
const channels = ['email', 'sms', 'whatsapp'] as const satisfies readonly (keyof NotificationChannels)[];

/** Each kind of notice on each channel, as switches in a table; 'Guardar cambios' sends them all. */
export function NotificationSettingsForm({ initial }: { initial: NotificationSettings }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<NotificationSettings>({ defaultValues: initial });

  const save = handleSubmit(async (values) => {
    try {
      const saved = await saveNotificationSettings(values);
      reset(saved);
      showToast(t.saved, 'success');
    } catch {
      // The API client has already shown the error.
    }
  });

  return (
    <section className="card stack" aria-labelledby="settings-notifications-title">
      <h2 id="settings-notifications-title" className="card__title">
        {t.title}
      </h2>
      <p className="muted">{t.intro}</p>
      <form className="stack" noValidate onSubmit={(event) => void save(event)}>
        <div className="settings-table-wrap">
          <table className="settings-table">
            <caption className="visually-hidden">{t.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.kind}</th>
                {channels.map((channel) => (
                  <th key={channel} scope="col">
                    {t.channels[channel]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event}>
                  <th scope="row">{t.events[event]}</th>
                  {channels.map((channel) => {
                    const id = `notification-${event}-${channel}`;
                    return (
                      <td key={channel}>
                        <input
                          id={id}
                          type="checkbox"
                          role="switch"
                          className="switch"
                          {...register(`${event}.${channel}`)}
                        />
                        <label htmlFor={id} className="visually-hidden">
                          {t.cellLabel(t.events[event], t.channels[channel])}
                        </label>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="actions">
          <Button type="submit" loading={isSubmitting}>
            {t.save}
          </Button>
        </div>
      </form>
    </section>
  );
}
