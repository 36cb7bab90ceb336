import { useFormState } from 'react-hook-form';
import { Button } from '../../../shared/ui/button';

/** The auth forms check on submit only, and leave the focus where it is (the errors are announced). */
export const checkOnSubmit = {
  mode: 'onSubmit',
  reValidateMode: 'onSubmit',
  shouldFocusError: false,
} as const;

/**
 * The end of an auth form (in its FormProvider): the error about the whole form (root.server),
 * announced as it appears, and the submit button, busy while the form is sent and once it succeeded.
 */
export function FormSubmit({ label }: { label: string }) {
  const { errors, isSubmitting, isSubmitSuccessful } = useFormState();
  const message = errors.root?.server?.message;
  return (
    <>
      <div role="alert" className={message ? 'alert alert--error' : undefined}>
        {message}
      </div>
      <Button type="submit" block loading={isSubmitting || isSubmitSuccessful}>
        {label}
      </Button>
    </>
  );
}
