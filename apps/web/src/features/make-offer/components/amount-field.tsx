import { formatEuros } from '@casaoferta/domain/format';
import { isRental } from '@casaoferta/domain/codes';
import { offerStep, stepOffer } from '@casaoferta/domain/rules/offer-amount';
import { boundsFor, offerKind } from '@casaoferta/domain/rules/offer-rules';
import { MoneyInput } from '../../../shared/ui/money-input';
import type { OfferFormValues, OfferSubject } from '../offer-form';
import { makeOfferTexts } from '../texts';

const t = makeOfferTexts.amount;

export interface AmountFieldProps {
  subject: OfferSubject;
  values: OfferFormValues;
  onChange: (patch: Partial<OfferFormValues>) => void;
  /** The bound's message, or the server's answer about the amount. */
  error: string | undefined;
}

/**
 * The amount in whole euros with the − / + steppers: 10 €/mes for rentals, 250 € for sales, kept
 * within the bounds (SPEC 5.1, the domain's `stepOffer`).
 */
export function AmountField({ subject, values, onChange, error }: AmountFieldProps) {
  const bounds = boundsFor(subject);
  const kind = offerKind(subject);
  const perMonth = isRental(subject.typeCode);
  const step = formatEuros(offerStep(kind), perMonth);
  const current = values.amountUnreadable ? null : values.amount;
  const press = (direction: 1 | -1) => {
    if (!bounds) return;
    const from = current ?? subject.highestOffer ?? subject.price ?? bounds.min;
    onChange({ amount: stepOffer(from, direction, kind, bounds), amountUnreadable: false });
  };
  const stepper = (direction: 1 | -1) => (
    <button
      type="button"
      className="btn btn--secondary offer-amount__step"
      aria-label={direction === 1 ? t.increase(step) : t.decrease(step)}
      disabled={
        !bounds || (current !== null && (direction === 1 ? current >= bounds.max : current <= bounds.min))
      }
      onClick={() => press(direction)}
    >
      <span aria-hidden="true">{direction === 1 ? '+' : '−'}</span> {step}
    </button>
  );
  return (
    <div className="offer-amount">
      <MoneyInput
        className="offer-amount__field"
        id="offer-field-amount"
        label={t.label}
        unit={perMonth ? 'euroPerMonth' : 'euro'}
        value={values.amount}
        required
        data-autofocus
        hint={
          bounds ? t.bounds(formatEuros(bounds.min, perMonth), formatEuros(bounds.max, perMonth)) : undefined
        }
        error={error}
        onChange={(amount, problem) => onChange({ amount, amountUnreadable: problem !== null })}
      />
      {stepper(-1)}
      {stepper(1)}
    </div>
  );
}
