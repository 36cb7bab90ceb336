import { FormProvider, useForm } from 'react-hook-form';
import type { NormalizedPhone } from '@casaoferta/domain/phone';
import { FormSelect, FormText } from '../../../shared/forms/fields';
import { defaultPhoneCountry, phoneCountries } from '../countries';
import { authTexts } from '../texts';
import { authResolvers, failure, loadAuthSchemas } from '../validation';
import type { PhoneStepValues, RegistrationValues } from '../validation';
import { checkOnSubmit, FormSubmit } from './form-submit';
import { RegistrationFields } from './registration-fields';
import { StepHeading } from './step-heading';

const t = authTexts.phone;
const phoneCodes = new Set(['INVALID_PHONE', 'OTP_TOO_MANY_SENDS']);
const countryOptions = phoneCountries.map((item) => ({ value: item.code, label: item.label }));
const preloadSchemas = () => void loadAuthSchemas().catch(() => undefined);
const loginResolver = authResolvers.phoneLogin;
const registrationResolver = authResolvers.phoneRegistration;

export interface PhoneStepProps {
  registerMode: boolean;
  /** What was written before ('Cambiar número'). */
  registration: RegistrationValues;
  /** The registration's values, handed up when the form is sent (registerMode). */
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
  const form = useForm<PhoneStepValues, unknown, PhoneStepValues>({
    resolver: registerMode ? registrationResolver : loginResolver,
    defaultValues: {
      country: initialPhone?.countryCode ?? defaultPhoneCountry,
      phoneNumber: initialPhone?.national ?? '',
      ...registration,
    },
    ...checkOnSubmit,
  });

  const submit = async ({ country, phoneNumber, ...person }: PhoneStepValues) => {
    const phone = (await loadAuthSchemas()).parsePhone(phoneNumber, country);
    if (!phone) return;
    if (registerMode) onRegistrationChange(person);
    try {
      await onSubmit(phone);
    } catch (error) {
      const { code, text } = failure(error);
      if (phoneCodes.has(code)) form.setError('phoneNumber', { message: text });
      else form.setError('root.server', { message: text });
    }
  };

  return (
    <FormProvider {...form}>
      <form
        className="stack"
        noValidate
        // The schemas start loading when a field takes the focus: ready by the time the form is sent.
        onFocus={preloadSchemas}
        onSubmit={(event) => void form.handleSubmit(submit)(event)}
      >
        <StepHeading focusOnMount={focusHeading}>{t.legend}</StepHeading>
        <div className="auth-phone">
          <FormSelect<PhoneStepValues>
            label={t.country}
            name="country"
            autoComplete="tel-country-code"
            placeholder={null}
            options={countryOptions}
          />
          <FormText<PhoneStepValues>
            label={t.number}
            hint={t.numberHint}
            name="phoneNumber"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
          />
        </div>
        {registerMode && <RegistrationFields />}
        <FormSubmit label={t.send} />
      </form>
    </FormProvider>
  );
}
