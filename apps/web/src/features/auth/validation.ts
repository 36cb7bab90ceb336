import { ApiError, errorText } from '../../shared/api/api-error';
import { authTexts } from './texts';
import type { Registration } from './auth-api';

export interface RegistrationValues {
  name: string;
  surname: string;
  acceptPrivacyPolicy: boolean;
}

export type RegistrationErrors = Partial<Record<keyof RegistrationValues, string>>;

export const emptyRegistration: RegistrationValues = { name: '', surname: '', acceptPrivacyPolicy: false };

const NAME_MAX = 80;
const t = authTexts.person;

function nameError(value: string, required: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return required;
  if (trimmed.length > NAME_MAX) return t.tooLong;
  return undefined;
}

/** Same rules as the API (authenticateRequest): names of 1 to 80 characters and the privacy policy. */
export function validateRegistration(values: RegistrationValues): RegistrationErrors {
  const errors: RegistrationErrors = {};
  const name = nameError(values.name, t.nameRequired);
  const surname = nameError(values.surname, t.surnameRequired);
  if (name) errors.name = name;
  if (surname) errors.surname = surname;
  if (!values.acceptPrivacyPolicy) errors.acceptPrivacyPolicy = t.privacyRequired;
  return errors;
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;

export const toRegistration = (values: RegistrationValues): Registration => ({
  name: values.name.trim(),
  surname: values.surname.trim(),
  acceptPrivacyPolicy: true,
});

export const isOtpCode = (value: string): boolean => /^\d{6}$/.test(value);

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
