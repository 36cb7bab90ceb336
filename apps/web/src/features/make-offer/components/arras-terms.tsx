import { describeArras, type ArrasTerms } from '@casaoferta/domain/rules/arras';
import { Checkbox } from '../../../shared/ui/checkbox';
import { makeOfferTexts } from '../texts';

const t = makeOfferTexts.arras;

/**
 * The arras a sale states, read-only, and the buyer's acceptance, which the offer needs (issue 23 point
 * 13; the API answers 422 ARRAS_NOT_ACCEPTED without it).
 */
export function ArrasTermsBlock({
  id,
  arras,
  price,
  accepted,
  error,
  onChange,
}: {
  id: string;
  arras: ArrasTerms;
  price: number | null;
  accepted: boolean;
  error: string | undefined;
  onChange: (accepted: boolean) => void;
}) {
  return (
    <section className="offer-section" aria-label={t.title}>
      <p className="offer-section__title">{t.title}</p>
      <p>{describeArras(arras, price)}</p>
      <p className="field__hint">{t.body}</p>
      <Checkbox
        id={id}
        label={t.accept}
        checked={accepted}
        required
        error={error}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </section>
  );
}
