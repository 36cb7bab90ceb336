import { z } from 'zod';
import { normalizePhone } from '../phone';
import { personName } from './person-name';

/** A phone number as typed; the API validates and normalises it (Spanish numbers by default). */
export const phoneInput = z
  .string()
  .trim()
  .min(6)
  .max(24)
  .regex(/^\+?[\d\s().-]+$/, 'número de teléfono');

export const phoneNumberRequest = z.object({
  phoneNumber: phoneInput,
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});

/** Parses the phone of a request into E.164, or null when it is not a valid number. */
export const phoneOf = (body: { phoneNumber: string; countryCode?: string | undefined }) =>
  normalizePhone(body.phoneNumber, body.countryCode ?? 'ES');

export const phoneNumberResponse = z.object({
  phoneNumber: z.string().describe('E.164'),
  national: z.string(),
  countryCode: z.string(),
});

export const otpCode = z.string().regex(/^\d{6}$/, 'código de 6 cifras');

export const generateOtpResponse = z.object({
  sent: z.literal(true),
  expiresInSeconds: z.number().int(),
});

export const verifyOtpRequest = phoneNumberRequest.extend({ code: otpCode });
export const verifyOtpResponse = z.object({
  /** Proof that the caller owns the phone, valid 10 minutes, for POST /authenticate. */
  verificationToken: z.string(),
  /** Only revealed once the code proved the caller owns the number. */
  registered: z.boolean(),
});

export const authenticateRequest = z.object({
  verificationToken: z.string().min(20).max(200),
  /** Required when the phone has no account yet (registration). */
  name: personName().optional(),
  surname: personName().optional(),
  acceptPrivacyPolicy: z.literal(true).optional(),
});

export const roleDto = z.object({ name: z.string(), permissions: z.array(z.string()) });

/** SPEC 3 "User (current user)". */
export const currentUser = z.object({
  id: z.uuid(),
  name: z.string(),
  surname: z.string(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  roles: z.array(roleDto),
  permissions: z.array(z.string()),
  hasProfileCompleted: z.boolean(),
  isBlocked: z.boolean(),
  isVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const sessionResponse = z.object({
  token: z.string(),
  expiresAt: z.iso.datetime(),
  user: currentUser,
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const blockedStatusResponse = z.object({ isBlocked: z.boolean() });

export const agentAuthenticateRequest = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(200),
});

export const manageableUsersQuery = z.object({
  search: z.string().trim().max(80).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

export const manageableUser = z.object({
  id: z.uuid(),
  name: z.string(),
  surname: z.string(),
  phoneNumber: z.string().nullable(),
  isBlocked: z.boolean(),
  isVerified: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type ManageableUser = z.infer<typeof manageableUser>;

export const manageableUsersResponse = z.object({
  items: z.array(manageableUser),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export const impersonateRequest = z.object({
  userId: z.uuid(),
  reason: z.string().trim().min(5).max(500),
});

/** SPEC 3 "Impersonated user info" (actualUserImpersonatedInfo). */
export const impersonatedUser = z.object({
  id: z.uuid(),
  name: z.string(),
  surname: z.string(),
  countryCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  isBlocked: z.boolean(),
  isVerified: z.boolean(),
});
export type ImpersonatedUser = z.infer<typeof impersonatedUser>;

export const impersonateResponse = z.object({
  token: z.string(),
  expiresAt: z.iso.datetime(),
  user: impersonatedUser,
});

export const blackListRequest = z.object({
  userId: z.uuid(),
  reason: z.string().trim().max(500).optional(),
});
