import { settingsTexts } from '../texts';
import type { UserWithSettings } from '../settings-api';

const t = settingsTexts.account;

/** Name and phone of the account, read only (the e-mail has its own section). */
export function AccountData({ user }: { user: UserWithSettings }) {
  return (
    <section className="card stack" aria-labelledby="settings-account-title">
      <h2 id="settings-account-title" className="card__title">
        {t.title}
      </h2>
      <dl className="settings-data">
        <dt>{t.name}</dt>
        <dd>{`${user.name} ${user.surname}`.trim()}</dd>
        <dt>{t.phone}</dt>
        <dd>{user.phoneNumber ?? t.none}</dd>
      </dl>
    </section>
  );
}
