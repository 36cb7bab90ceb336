import { describe, expect, it } from 'vitest';
import { personalInput } from '@casaoferta/domain/schemas/tenant';
import { formTexts } from '../../shared/forms/texts';
import { resolverOf } from './profile-validation';

const options = { shouldUseNativeValidation: false, fields: {} } as const;

describe('the personal data of a profile, a co-holder or a guarantor (issue 22)', () => {
  it('says how to write a name when it holds a web address or digits', async () => {
    const values = {
      name: 'Entra en https://evil.example',
      surname: 'Usuario 12',
      birthDate: '1990-04-12',
      countryCode: 'ES',
      civilStatusCode: 'UCS001',
    };
    const result = await resolverOf(personalInput)(values, undefined, options);
    expect(result.errors.name?.message).toBe(formTexts.personName);
    expect(result.errors.surname?.message).toBe(formTexts.personName);
    const fine = await resolverOf(personalInput)(
      { ...values, name: 'Ελένη', surname: 'Núñez Çelik' },
      undefined,
      options,
    );
    expect(fine.errors).toEqual({});
  });
});
