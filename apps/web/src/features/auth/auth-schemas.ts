import { z } from 'zod';
import { otpCode } from '@casaoferta/domain/schemas/auth';
import { personNameIssue } from '@casaoferta/domain/schemas/person-name';
import { isPersonName, personNameRules } from '@casaoferta/domain/rules/person-name';
import { formResolver } from '../../shared/forms/resolver';
import { parsePhone } from './phone-parse';
import { authTexts } from './texts';

const t = authTexts.person;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A name of 1 to 80 characters written as a name (the form's error map says how when it is not). */
const personName = (required: string) =>
  z
    .string()
    .trim()
    .min(1, { error: required })
    .max(personNameRules.maxLength, { error: t.tooLong })
    .refine(isPersonName, personNameIssue);

/** Same rules as the API (authenticateRequest): names of 1 to 80 characters and the privacy policy. */
const registrationShape = {
  name: personName(t.nameRequired),
  surname: personName(t.surnameRequired),
  acceptPrivacyPolicy: z.boolean().refine((accepted) => accepted, { error: t.privacyRequired }),
};

export const registrationSchema = z.object(registrationShape);
export type RegistrationValues = z.input<typeof registrationSchema>;

/** The registration's values are complete and valid. */
export const isCompleteRegistration = (values: RegistrationValues): boolean =>
  registrationSchema.safeParse(values).success;

const phoneShape = {
  country: z.string(),
  phoneNumber: z.string().refine((value) => value.trim() !== '', { error: authTexts.phone.required }),
};
const isPhoneInput = (value: unknown): value is { country: string; phoneNumber: string } =>
  typeof value === 'object' &&
  value !== null &&
  'country' in value &&
  'phoneNumber' in value &&
  typeof value.country === 'string' &&
  typeof value.phoneNumber === 'string';

const validPhone = (value: { country: string; phoneNumber: string }): boolean =>
  parsePhone(value.phoneNumber, value.country) !== null;
/** A written number must be valid for the chosen prefix (checked beside the other fields' errors). */
const validPhoneCheck = {
  path: ['phoneNumber'],
  error: authTexts.phone.invalid,
  when: ({ value }: { value: unknown }) => isPhoneInput(value) && value.phoneNumber.trim() !== '',
};

/** Step 1 of a login: the number with its prefix (the registration's fields are not asked). */
export const phoneSchema = z
  .object({ ...phoneShape, name: z.string(), surname: z.string(), acceptPrivacyPolicy: z.boolean() })
  .refine(validPhone, validPhoneCheck);
/** Step 1 of a registration: the number, name, surname and the privacy policy. */
export const phoneRegistrationSchema = z
  .object({ ...phoneShape, ...registrationShape })
  .refine(validPhone, validPhoneCheck);
export type PhoneStepValues = z.input<typeof phoneRegistrationSchema>;

/** The API's rule (six digits); its message is the form's (CodeStep). */
export const codeSchema = z.object({ code: otpCode });
export type CodeValues = z.input<typeof codeSchema>;

export const agentLoginSchema = z.object({
  email: z.string().trim().regex(emailPattern, { error: authTexts.agents.emailInvalid }),
  password: z.string().min(1, { error: authTexts.agents.passwordRequired }),
});
export type AgentLoginValues = z.input<typeof agentLoginSchema>;

/**
 * The login's forms' resolvers (the shared one, with the Spanish error map): this module loads on a
 * form's first validation (validation.ts, lazyResolver), so /login shows its form without Zod and
 * libphonenumber in its first load (issue 29 point 5).
 */
export { parsePhone };

export const authResolvers = {
  phoneLogin: formResolver(phoneSchema),
  phoneRegistration: formResolver(phoneRegistrationSchema),
  registration: formResolver(registrationSchema),
  code: formResolver(codeSchema, { fieldMessage: () => authTexts.code.invalid }),
  agentLogin: formResolver(agentLoginSchema),
};
