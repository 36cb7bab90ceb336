import { PropertyValidationStatus } from '@casaoferta/domain/codes';
import { propertyFormTexts } from '../texts';

const t = propertyFormTexts.publication;

/** 'Pendiente de validación', 'Validado' or 'Rechazado: {reason}' (SPEC 4.5). */
export function validationLabel(
  status: string | null | undefined,
  reason: string | null | undefined,
): string {
  switch (status) {
    case PropertyValidationStatus.Validated:
      return t.validated;
    case PropertyValidationStatus.PendingValidation:
      return t.pending;
    case PropertyValidationStatus.Rejected:
      return t.rejected(reason ?? '-');
    default:
      return t.notValidated;
  }
}

export function ValidationState({
  status,
  reason,
}: {
  status: string | null | undefined;
  reason: string | null | undefined;
}) {
  const tone =
    status === PropertyValidationStatus.Validated
      ? 'validation-state--ok'
      : status === PropertyValidationStatus.Rejected
        ? 'validation-state--rejected'
        : 'validation-state--pending';
  return (
    <section className="card card--flat stack" aria-labelledby="validation-state-title">
      <h2 id="validation-state-title" className="card__title">
        {t.validation}
      </h2>
      <p className={`validation-state ${tone}`}>{validationLabel(status, reason)}</p>
    </section>
  );
}
