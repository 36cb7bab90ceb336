import { FormProvider, useForm } from 'react-hook-form';
import { authTexts } from '../texts';
import { authResolvers, failure } from '../validation';
import type { RegistrationValues } from '../validation';
import { checkOnSubmit, FormSubmit } from './form-submit';
import { RegistrationFields } from './registration-fields';
import { StepHeading } from './step-heading';

const t = authTexts.register;
const resolver = authResolvers.registration;

export interface RegisterStepProps {
  /** What was written before (the registration's step 1). */
  values: RegistrationValues;
  focusHeading: boolean;
  /** Creates the account with the values written; throws the API error to show. */
  onSubmit: (values: RegistrationValues) => Promise<void>;
}

/** Step 3, for a verified number without an account: name, surname and privacy acceptance. */
export function RegisterStep({ values, focusHeading, onSubmit }: RegisterStepProps) {
  const form = useForm<RegistrationValues, unknown, RegistrationValues>({
    resolver,
    defaultValues: values,
    ...checkOnSubmit,
  });

  const submit = async (next: RegistrationValues) => {
    try {
      await onSubmit(next);
    } catch (error) {
      form.setError('root.server', { message: failure(error).text });
    }
  };

  return (
    <FormProvider {...form}>
      <form className="stack" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <StepHeading focusOnMount={focusHeading}>{t.title}</StepHeading>
        <p className="muted">{t.lead}</p>
        <RegistrationFields />
        <FormSubmit label={t.submit} />
      </form>
    </FormProvider>
  );
}
