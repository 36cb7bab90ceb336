import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { Checkbox } from '../../../shared/ui/checkbox';
import { TextField } from '../../../shared/ui/text-field';
import { authTexts } from '../texts';
import type { RegistrationErrors, RegistrationValues } from '../validation';

const t = authTexts.person;

export interface RegistrationFieldsProps {
  values: RegistrationValues;
  errors: RegistrationErrors;
  onChange: (values: RegistrationValues) => void;
}

/** Name, surname and the required privacy-policy acceptance of a new account. */
export function RegistrationFields({ values, errors, onChange }: RegistrationFieldsProps) {
  return (
    <>
      <TextField
        label={t.name}
        name="name"
        autoComplete="given-name"
        required
        maxLength={80}
        value={values.name}
        error={errors.name}
        onChange={(event) => onChange({ ...values, name: event.target.value })}
      />
      <TextField
        label={t.surname}
        name="surname"
        autoComplete="family-name"
        required
        maxLength={80}
        value={values.surname}
        error={errors.surname}
        onChange={(event) => onChange({ ...values, surname: event.target.value })}
      />
      <Checkbox
        name="acceptPrivacyPolicy"
        required
        checked={values.acceptPrivacyPolicy}
        error={errors.acceptPrivacyPolicy}
        onChange={(event) => onChange({ ...values, acceptPrivacyPolicy: event.target.checked })}
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
