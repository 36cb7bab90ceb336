import { useState } from 'react';
import type { FormEvent } from 'react';
import type { NormalizedPhone } from '@casaoferta/domain/phone';
import { Button } from '../../../shared/ui/button';
import { Select } from '../../../shared/ui/select';
import { TextField } from '../../../shared/ui/text-field';
import { defaultPhoneCountry, parsePhone, phoneCountries } from '../countries';
import { authTexts } from '../texts';
import { failure, hasErrors, validateRegistration } from '../validation';
import type { RegistrationErrors, RegistrationValues } from '../validation';
import { FormError } from './form-error';
import { RegistrationFields } from './registration-fields';
import { StepHeading } from './step-heading';

const t = authTexts.phone;
const phoneCodes = new Set(['INVALID_PHONE', 'OTP_TOO_MANY_SENDS']);

export interface PhoneStepProps {
  registerMode: boolean;
  registration: RegistrationValues;
  onRegistrationChange: (values: RegistrationValues) => void;
  /** The number of a previous attempt ('Cambiar número'). */
  initialPhone: NormalizedPhone | null;
  focusHeading: boolean;
  /** Sends the code; throws the API error to show. */
  onSubmit: (phone: NormalizedPhone) => Promise<void>;
}

/** Step 1: the phone number (and, when registering, name, surname and privacy acceptance). */
export function PhoneStep(props: PhoneStepProps) {
  const { registerMode, registration, onRegistrationChange, initialPhone, focusHeading, onSubmit } = props;
  const [country, setCountry] = useState(initialPhone?.countryCode ?? defaultPhoneCountry);
  const [number, setNumber] = useState(initialPhone?.national ?? '');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [registrationErrors, setRegistrationErrors] = useState<RegistrationErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phone = parsePhone(number, country);
    const nextRegistrationErrors = registerMode ? validateRegistration(registration) : {};
    setPhoneError(phone ? null : number.trim() ? t.invalid : t.required);
    setRegistrationErrors(nextRegistrationErrors);
    setFormError(null);
    if (!phone || hasErrors(nextRegistrationErrors)) return;
    setSending(true);
    try {
      await onSubmit(phone);
    } catch (error) {
      const { code, text } = failure(error);
      if (phoneCodes.has(code)) setPhoneError(text);
      else setFormError(text);
      setSending(false);
    }
  };

  return (
    <form className="stack" noValidate onSubmit={(event) => void submit(event)}>
      <StepHeading focusOnMount={focusHeading}>{t.legend}</StepHeading>
      <div className="auth-phone">
        <Select
          label={t.country}
          name="country"
          autoComplete="tel-country-code"
          placeholder={null}
          options={phoneCountries.map((item) => ({ value: item.code, label: item.label }))}
          value={country}
          onChange={(event) => setCountry(event.target.value)}
        />
        <TextField
          label={t.number}
          hint={t.numberHint}
          name="phoneNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          value={number}
          error={phoneError}
          onChange={(event) => setNumber(event.target.value)}
        />
      </div>
      {registerMode && (
        <RegistrationFields
          values={registration}
          errors={registrationErrors}
          onChange={onRegistrationChange}
        />
      )}
      <FormError message={formError} />
      <Button type="submit" block loading={sending}>
        {t.send}
      </Button>
    </form>
  );
}
