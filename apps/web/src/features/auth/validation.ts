import { z } from 'zod';
import { otpCode } from '@casaoferta/domain/schemas/auth';
import { personNameIssue } from '@casaoferta/domain/schemas/person-name';
import { isPersonName, personNameRules } from '@casaoferta/domain/rules/person-name';
import { ApiError } from '../../shared/api/api-error';
import { errorText } from '../../shared/api/error-text';
import { parsePhone } from './countries';
import { authTexts } from './texts';
import type { Registration } from './auth-api';

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

export const emptyRegistration: RegistrationValues = { name: '', surname: '', acceptPrivacyPolicy: false };

/** The registration's values are complete and valid. */
export const isCompleteRegistration = (values: RegistrationValues): boolean =>
  registrationSchema.safeParse(values).success;

export const toRegistration = (values: RegistrationValues): Registration => ({
  name: values.name.trim(),
  surname: values.surname.trim(),
  acceptPrivacyPolicy: true,
});

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
 * The code and Spanish text of a failed call (the API's code, or a network one). A limit on code
 * requests that says how long to wait (Retry-After) is told in minutes.
 */
export function failure(error: unknown): { code: string; text: string } {
  const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR';
  const wait = error instanceof ApiError && error.status === 429 ? error.retryAfterSeconds : undefined;
  if (wait !== undefined && wait > 0) return { code, text: authTexts.waitMinutes(Math.ceil(wait / 60)) };
  return { code, text: errorText(code) };
}
