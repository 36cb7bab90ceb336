import { useFormContext, useWatch } from 'react-hook-form';
import { useFieldError } from '../../../../shared/forms/fields';
import { FieldError, FieldHint, useFieldIds } from '../../../../shared/ui/field-parts';
import { announcementTexts } from '../../texts';

const t = announcementTexts.form;
/** saleInput / rentalInput / roomRentalInput: description up to 5000 characters. */
export const DESCRIPTION_MAX = 5000;

/** The description textarea with a character counter (read with it through aria-describedby). */
export function DescriptionField() {
  const { register, control } = useFormContext();
  const value: unknown = useWatch({ control, name: 'description' });
  const length = typeof value === 'string' ? value.length : 0;
  const error = useFieldError('description');
  const { controlId, hintId, errorId, describedBy } = useFieldIds(undefined, t.descriptionHint, error);
  const counterId = `${controlId}-counter`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={controlId}>
        {t.description}
      </label>
      <FieldHint id={hintId}>{t.descriptionHint}</FieldHint>
      <textarea
        {...register('description')}
        id={controlId}
        className="input ann-description"
        rows={8}
        maxLength={DESCRIPTION_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={[describedBy, counterId].filter(Boolean).join(' ')}
      />
      <span
        id={counterId}
        className={length >= DESCRIPTION_MAX ? 'ann-counter ann-counter--full' : 'ann-counter'}
      >
        {t.characters(length, DESCRIPTION_MAX)}
      </span>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
