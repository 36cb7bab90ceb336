import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { authTexts } from '../texts';
import { failure, hasErrors, validateRegistration } from '../validation';
import type { RegistrationErrors, RegistrationValues } from '../validation';
import { FormError } from './form-error';
import { RegistrationFields } from './registration-fields';
import { StepHeading } from './step-heading';

const t = authTexts.register;

export interface RegisterStepProps {
  values: RegistrationValues;
  onChange: (values: RegistrationValues) => void;
  focusHeading: boolean;
  /** Creates the account; throws the API error to show. */
  onSubmit: () => Promise<void>;
}

/** Step 3, for a verified number without an account: name, surname and privacy acceptance. */
export function RegisterStep({ values, onChange, focusHeading, onSubmit }: RegisterStepProps) {
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = validateRegistration(values);
    setErrors(next);
    setFormError(null);
    if (hasErrors(next)) return;
    setSaving(true);
    try {
      await onSubmit();
    } catch (error) {
      setFormError(failure(error).text);
      setSaving(false);
    }
  };

  return (
    <form className="stack" noValidate onSubmit={(event) => void submit(event)}>
      <StepHeading focusOnMount={focusHeading}>{t.title}</StepHeading>
      <p className="muted">{t.lead}</p>
      <RegistrationFields values={values} errors={errors} onChange={onChange} />
      <FormError message={formError} />
      <Button type="submit" block loading={saving}>
        {t.submit}
      </Button>
    </form>
  );
}
