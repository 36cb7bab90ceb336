import { propertyFormTexts as t } from '../texts';

/** The agent's reason for rejecting the property, at the top of the form (SPEC 4.5). */
export function RejectionAlert({ reason }: { reason: string | null }) {
  return (
    <div className="alert alert--error property-form__notice">
      <p>
        <strong>{t.rejection.title}</strong>
      </p>
      {reason && <p>{t.rejection.reason(reason)}</p>}
      <p>{t.rejection.fix}</p>
    </div>
  );
}
