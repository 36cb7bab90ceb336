import { describe, expect, it } from 'vitest';
import { formResolver } from '../../shared/forms/resolver';
import { formTexts } from '../../shared/forms/texts';
import { isCompleteRegistration, registrationSchema, type RegistrationValues } from './auth-schemas';
import { authTexts } from './texts';

const options = { shouldUseNativeValidation: false, fields: {} } as const;
const messages = async (values: RegistrationValues) => {
  const result = await formResolver(registrationSchema)(values, undefined, options);
  return Object.fromEntries(Object.entries(result.errors).map(([name, error]) => [name, error?.message]));
};

describe('the registration form checks names as the API does (issue 22)', () => {
  it('refuses a web address, digits or dots in a row, saying how to write a name', async () => {
    const values = { name: 'Tu banco: entra en evil.example', surname: 'Gil 12', acceptPrivacyPolicy: true };
    expect(await messages(values)).toEqual({ name: formTexts.personName, surname: formTexts.personName });
    expect(isCompleteRegistration(values)).toBe(false);
    expect(isCompleteRegistration({ ...values, name: 'Eva', surname: 'Gil..Marín' })).toBe(false);
  });

  it('keeps its own messages for an empty name and accepts names of any European script', async () => {
    expect(await messages({ name: ' ', surname: 'Gil', acceptPrivacyPolicy: true })).toEqual({
      name: authTexts.person.nameRequired,
    });
    expect(
      isCompleteRegistration({ name: 'J. Ramón', surname: 'Wałęsa-D’Angelo', acceptPrivacyPolicy: true }),
    ).toBe(true);
  });
});
