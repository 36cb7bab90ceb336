import type { SupportAccess } from '@casaoferta/domain/schemas/user-settings';
import { formatDateTime } from '../format-date';
import { settingsTexts } from '../texts';

const t = settingsTexts.support;

/** Who of the support team acted on this account, why, when and how much. */
export function SupportAccessList({ accesses }: { accesses: readonly SupportAccess[] }) {
  return (
    <section className="card stack" aria-labelledby="settings-support-title">
      <h2 id="settings-support-title" className="card__title">
        {t.title}
      </h2>
      <p className="muted">{t.intro}</p>
      {accesses.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ul className="plain-list settings-accesses">
          {accesses.map((access) => (
            <li key={`${access.startedAt}-${access.agentName}`} className="settings-access">
              <p className="settings-access__agent">{access.agentName}</p>
              <p>
                <span className="muted">{t.reason}: </span>
                {access.reason}
              </p>
              <p className="muted text-sm">
                <time dateTime={access.startedAt}>
                  {t.when(formatDateTime(access.startedAt), formatDateTime(access.endedAt))}
                </time>
                {' · '}
                {t.requests(access.requests)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
