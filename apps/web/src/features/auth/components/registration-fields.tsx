import { Link } from 'react-router';
import { FormCheckbox, FormText } from '../../../shared/forms/fields';
import { paths } from '../../../shared/paths';
import { authTexts } from '../texts';
import type { RegistrationValues } from '../validation';

const t = authTexts.person;

/**
 * Name, surname and the required privacy-policy acceptance of a new account, in the form in context
 * (FormProvider) whose values include RegistrationValues.
 */
export function RegistrationFields() {
  return (
    <>
      <FormText<RegistrationValues>
        label={t.name}
        name="name"
        autoComplete="given-name"
        required
        maxLength={80}
      />
      <FormText<RegistrationValues>
        label={t.surname}
        name="surname"
        autoComplete="family-name"
        required
        maxLength={80}
      />
      <FormCheckbox<RegistrationValues>
        name="acceptPrivacyPolicy"
        required
        label={
          <>
            {t.privacyBefore}
            <Link to={paths.privacyPolicy} target="_blank" rel="noopener">
              {t.privacyLink}
            </Link>
          </>
        }
      />
    </>
  );
}
