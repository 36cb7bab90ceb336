import type { SessionResponse } from '@casaoferta/domain/schemas/auth';
import { apiRequest } from '../../shared/api/client';

const base = '/api/authentication';

export const authPaths = {
  generateOtp: `${base}/users/generate-otp-code`,
  verify: `${base}/users/verify`,
  authenticate: `${base}/users/authenticate`,
  agentAuthenticate: `${base}/agents/authenticate`,
  devOutbox: '/api/dev/outbox',
} as const;

export interface PhoneRequest {
  phoneNumber: string;
  countryCode: string;
}

export interface Registration {
  name: string;
  surname: string;
  acceptPrivacyPolicy: true;
}

// Login calls send no token (token: null): a stale one must not be read as this visitor's, and the
// form shows its own errors (silent: true).
const quiet = { method: 'POST', token: null, silent: true } as const;

export const generateOtp = (phone: PhoneRequest) =>
  apiRequest<{ sent: true; expiresInSeconds: number }>(authPaths.generateOtp, { ...quiet, body: phone });

export const verifyOtp = (phone: PhoneRequest, code: string) =>
  apiRequest<{ verificationToken: string; registered: boolean }>(authPaths.verify, {
    ...quiet,
    body: { ...phone, code },
  });

export const authenticate = (verificationToken: string, registration?: Registration) =>
  apiRequest<SessionResponse>(authPaths.authenticate, {
    ...quiet,
    body: { verificationToken, ...registration },
  });

export const authenticateAgent = (email: string, password: string) =>
  apiRequest<SessionResponse>(authPaths.agentAuthenticate, { ...quiet, body: { email, password } });
