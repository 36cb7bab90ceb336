import { useState, type FormEvent } from 'react';
import { expiryValid, sandboxTestCards, tokenizeSandboxCard } from '@casaoferta/domain/rules/payment';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { paymentTexts } from '../texts';

const t = paymentTexts.checkout;

interface Fields {
  holder: string;
  number: string;
  expiry: string;
  cvc: string;
}
type Errors = Partial<Record<keyof Fields, string>>;

/** "4242 4242 4242 4242" as it is typed: digits in groups of four. */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "0829" → "08/29" as it is typed. */
const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/**
 * The sandbox's card form: the number becomes the sandbox's token here, in the browser (Luhn checked,
 * test cards only); only that token is sent. Errors show under each field once submitted.
 */
export function CardForm({
  amount,
  busy,
  onToken,
}: {
  amount: string;
  busy: boolean;
  onToken: (token: string) => void;
}) {
  const [fields, setFields] = useState<Fields>({ holder: '', number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Errors>({});
  const set = (name: keyof Fields, value: string) => setFields((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const next: Errors = {};
    if (fields.holder.trim().length < 3) next.holder = t.errors.holder;
    const card = tokenizeSandboxCard(fields.number);
    if (!card.ok) next.number = card.reason === 'invalid' ? t.errors.number : t.errors.unknownCard;
    if (!expiryValid(fields.expiry)) next.expiry = t.errors.expiry;
    if (!/^\d{3,4}$/.test(fields.cvc)) next.cvc = t.errors.cvc;
    setErrors(next);
    if (Object.keys(next).length > 0 || !card.ok) {
      const first = (['holder', 'number', 'expiry', 'cvc'] as const).find((name) => next[name]);
      if (first) document.getElementById(`pay-${first}`)?.focus();
      return;
    }
    onToken(card.token);
  };

  return (
    <form className="stack" noValidate onSubmit={submit} aria-label={t.heading}>
      <TextField
        id="pay-holder"
        label={t.holder}
        autoComplete="cc-name"
        value={fields.holder}
        onChange={(event) => set('holder', event.target.value)}
        error={errors.holder}
        required
      />
      <TextField
        id="pay-number"
        label={t.number}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={fields.number}
        onChange={(event) => set('number', groupDigits(event.target.value))}
        error={errors.number}
        required
      />
      <div className="pay-card-row">
        <TextField
          id="pay-expiry"
          label={t.expiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/AA"
          hint={t.expiryHint}
          value={fields.expiry}
          onChange={(event) => set('expiry', formatExpiry(event.target.value))}
          error={errors.expiry}
          required
        />
        <TextField
          id="pay-cvc"
          label={t.cvc}
          inputMode="numeric"
          autoComplete="cc-csc"
          hint={t.cvcHint}
          value={fields.cvc}
          onChange={(event) => set('cvc', event.target.value.replace(/\D/g, '').slice(0, 4))}
          error={errors.cvc}
          required
        />
      </div>
      <details className="pay-test-cards">
        <summary>{t.testCards}</summary>
        <p className="muted">{t.testCardsHelp}</p>
        <ul>
          {sandboxTestCards.map((card) => (
            <li key={card.number}>
              <code>{groupDigits(card.number)}</code>: {card.description}
            </li>
          ))}
        </ul>
      </details>
      <p className="muted">{t.secure}</p>
      <Button type="submit" size="lg" block loading={busy} disabled={busy}>
        {busy ? t.sending : t.submit(amount)}
      </Button>
    </form>
  );
}
