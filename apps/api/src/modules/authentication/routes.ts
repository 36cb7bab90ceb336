import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import {
  authenticateRequest,
  blockedStatusResponse,
  currentUser,
  generateOtpResponse,
  phoneNumberRequest,
  phoneNumberResponse,
  phoneOf,
  sessionResponse,
  verifyOtpRequest,
  verifyOtpResponse,
} from '@casaoferta/domain/schemas/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { bearerToken, requireUser, revokeSession } from '../../platform/auth';
import { DomainError } from '../../platform/errors';
import { authenticateUser } from './authenticate-user';
import { isTokenUserBlocked } from './blocked-status';
import { toCurrentUser } from './current-user';
import { otpRules } from './otp-rules';
import { OtpSendLimitError, sendOtp } from './send-otp';
import { verifyOtp } from './verify-otp';
import { secretKeysOf } from '../documents/vault';
import { access } from '../../platform/access';

const tags = ['authentication'];
const fifteenMinutes = 15 * 60_000;

function normalizedPhone(body: { phoneNumber: string; countryCode?: string | undefined }) {
  const phone = phoneOf(body);
  if (!phone) throw new DomainError('INVALID_PHONE', 'phoneNumber');
  return phone;
}

export function authenticationRoutes(db: Db, config: Config) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    // One-time codes: hashed and sealed under keys outside the database (issue 22).
    const keys = await secretKeysOf(config);

    app.post(
      '/api/authentication/users/phone-number',
      {
        config: { access: access.public, rateLimit: { max: 60, timeWindow: fifteenMinutes } },
        schema: {
          tags,
          summary: 'Validate and normalise a phone number (Spanish by default)',
          body: phoneNumberRequest,
          response: { 200: envelope(phoneNumberResponse) },
        },
      },
      async (request) => {
        const phone = normalizedPhone(request.body);
        return {
          data: { phoneNumber: phone.e164, national: phone.national, countryCode: phone.countryCode },
        };
      },
    );

    app.post(
      '/api/authentication/users/generate-otp-code',
      {
        config: {
          access: access.public,
          rateLimit: { max: otpRules.ipSendsPer15Minutes, timeWindow: fifteenMinutes },
        },
        schema: {
          tags,
          summary: 'Send a 6-digit one-time code by SMS (same answer for known and unknown numbers)',
          body: phoneNumberRequest,
          response: { 200: envelope(generateOtpResponse) },
        },
      },
      async (request, reply) => {
        const phone = normalizedPhone(request.body);
        try {
          const result = await sendOtp(db, {
            phoneNumber: phone.e164,
            ip: request.ip,
            devLog: config.devTools ? request.log : null,
            text: config.SMS_LOGIN_TEXT,
            keys,
          });
          return { data: { sent: true as const, expiresInSeconds: result.expiresInSeconds } };
        } catch (error) {
          if (error instanceof OtpSendLimitError)
            reply.header('Retry-After', String(error.retryAfterSeconds));
          throw error;
        }
      },
    );

    app.post(
      '/api/authentication/users/verify',
      {
        config: {
          access: access.public,
          rateLimit: { max: otpRules.ipVerifiesPer15Minutes, timeWindow: fifteenMinutes },
        },
        schema: {
          tags,
          summary: 'Check a one-time code; answers a proof of phone ownership and whether it has an account',
          body: verifyOtpRequest,
          response: { 200: envelope(verifyOtpResponse) },
        },
      },
      async (request) => {
        const phone = normalizedPhone(request.body);
        return { data: await verifyOtp(db, { phoneNumber: phone.e164, code: request.body.code, keys }) };
      },
    );

    app.post(
      '/api/authentication/users/authenticate',
      {
        config: { access: access.public, rateLimit: { max: 30, timeWindow: fifteenMinutes } },
        schema: {
          tags,
          summary: 'Log in (or register) with a proof of phone ownership; answers the bearer token',
          body: authenticateRequest,
          response: { 200: envelope(sessionResponse) },
        },
      },
      async (request) => ({ data: await authenticateUser(db, request.body) }),
    );

    app.get(
      '/api/authentication',
      {
        config: { access: access.session },
        schema: {
          tags,
          summary: 'The current user (the impersonated one with an impersonation token)',
          security: [{ bearer: [] }],
          response: { 200: envelope(currentUser) },
        },
      },
      async (request) => {
        const auth = requireUser(request);
        return { data: toCurrentUser(auth.user, auth.roles) };
      },
    );

    app.get(
      '/api/authentication/users/blocked-status',
      {
        config: { access: access.public, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: "Whether the bearer token's user is blocked (works with a revoked token)",
          response: { 200: envelope(blockedStatusResponse) },
        },
      },
      async (request) => ({ data: { isBlocked: await isTokenUserBlocked(db, bearerToken(request)) } }),
    );

    app.post(
      '/api/logout',
      {
        config: { access: access.session },
        schema: {
          tags,
          summary: 'End the current session on the server',
          security: [{ bearer: [] }],
          response: { 200: envelope(z.object({ loggedOut: z.literal(true) })) },
        },
      },
      async (request) => {
        const auth = requireUser(request);
        await revokeSession(db, auth.sessionId, 'logout');
        return { data: { loggedOut: true as const } };
      },
    );
  };
}
