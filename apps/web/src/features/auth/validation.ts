import { lazyResolver } from '../../shared/forms/lazy-resolver';
import { ApiError } from '../../shared/api/api-error';
import { errorText } from '../../shared/api/error-text';
import type { Registration } from './auth-api';
import type { RegistrationValues } from './auth-schemas';
import { authTexts } from './texts';

export type { AgentLoginValues, CodeValues, PhoneStepValues, RegistrationValues } from './auth-schemas';

/** The login's schemas (Zod) and the phone rules (libphonenumber): loaded on a form's first validation. */
export const loadAuthSchemas = () => import('./auth-schemas');

/** Each login form's resolver, loaded on its first validation (the forms check on submit). */
export const authResolvers = {
  phoneLogin: lazyResolver(() => loadAuthSchemas().then((m) => m.authResolvers.phoneLogin)),
  phoneRegistration: lazyResolver(() => loadAuthSchemas().then((m) => m.authResolvers.phoneRegistration)),
  registration: lazyResolver(() => loadAuthSchemas().then((m) => m.authResolvers.registration)),
  code: lazyResolver(() => loadAuthSchemas().then((m) => m.authResolvers.code)),
  agentLogin: lazyResolver(() => loadAuthSchemas().then((m) => m.authResolvers.agentLogin)),
};

/** The registration's values are complete and valid (its schema, loaded when needed). */
export const isCompleteRegistration = async (values: RegistrationValues): Promise<boolean> =>
  (await loadAuthSchemas()).isCompleteRegistration(values);

export const emptyRegistration: RegistrationValues = { name: '', surname: '', acceptPrivacyPolicy: false };

export const toRegistration = (values: RegistrationValues): Registration => ({
  name: values.name.trim(),
  surname: values.surname.trim(),
  acceptPrivacyPolicy: true,
});

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
