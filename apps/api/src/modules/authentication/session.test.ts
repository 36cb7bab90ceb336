import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createUser, randomSpanishMobile } from '../../db/factories';
import { otpCodes, sessions, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { bearer, lastCode, loginByPhone, userWithSession } from '../../test/auth-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/authentication/users/${url}`, payload });
const me = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/authentication', headers: token ? bearer(token) : {} });

async function verified(phoneNumber = randomSpanishMobile()) {
  await post('generate-otp-code', { phoneNumber });
  const res = await post('verify', { phoneNumber, code: await lastCode(t.database.db, phoneNumber) });
  return { phoneNumber, verificationToken: res.json().data.verificationToken as string };
}

describe('POST /api/authentication/users/authenticate', () => {
  it('registers a new phone with name, surname and privacy acceptance, and answers a working token', async () => {
    const { phoneNumber, verificationToken } = await verified();
    const missing = await post('authenticate', { verificationToken });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0].code).toBe('REGISTRATION_REQUIRED');
    const noPrivacy = await post('authenticate', { verificationToken, name: 'Eva', surname: 'Gil' });
    expect(noPrivacy.json().errors[0]).toMatchObject({
      code: 'REGISTRATION_REQUIRED',
      field: 'acceptPrivacyPolicy',
    });

    const ok = await post('authenticate', {
      verificationToken,
      name: 'Eva',
      surname: 'Gil Marín',
      acceptPrivacyPolicy: true,
    });
    expect(ok.statusCode).toBe(200);
    const { token, user } = ok.json().data;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(user).toMatchObject({
      name: 'Eva',
      surname: 'Gil Marín',
      phoneNumber,
      roles: [],
      isBlocked: false,
    });
    const [stored] = await t.database.db.select().from(users).where(eq(users.phoneNumber, phoneNumber));
    expect(stored?.countryCode).toBe('ES');
    expect(stored?.privacyAcceptedAt).toBeInstanceOf(Date);
    const session = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session[0]?.tokenHash).not.toBe(token);
    expect((await me(token)).json().data.id).toBe(user.id);
  });

  it('refuses a name that is not written as one (422 NAME_INVALID) and creates no account', async () => {
    const { phoneNumber, verificationToken } = await verified();
    for (const [field, name, surname] of [
      ['name', 'Tu banco: cuenta bloqueada, entra en https://evil.example/es', 'Gil'],
      ['name', 'Usuario 12', 'Gil'],
      ['surname', 'Eva', 'evil.example'],
      ['surname', 'Eva', 'Gil..Marín'],
    ] as const) {
      const refused = await post('authenticate', {
        verificationToken,
        name,
        surname,
        acceptPrivacyPolicy: true,
      });
      expect(refused.statusCode, `${name} ${surname}`).toBe(422);
      expect(refused.json().errors[0]).toMatchObject({ code: 'NAME_INVALID', field });
    }
    expect(await t.database.db.select().from(users).where(eq(users.phoneNumber, phoneNumber))).toEqual([]);
    const ok = await post('authenticate', {
      verificationToken,
      name: 'J. Ramón',
      surname: "O'Brien Núñez-Łęcka",
      acceptPrivacyPolicy: true,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user).toMatchObject({ name: 'J. Ramón', surname: "O'Brien Núñez-Łęcka" });
  });

  it('logs an existing user in without asking the name again, and the proof works once', async () => {
    const existing = await createUser(t.database.db, { name: 'Luis' });
    const { verificationToken } = await verified(existing.phoneNumber ?? '');
    const ok = await post('authenticate', { verificationToken });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user.name).toBe('Luis');
    const again = await post('authenticate', { verificationToken });
    expect(again.statusCode).toBe(401);
    expect(again.json().errors[0].code).toBe('VERIFICATION_INVALID');
  });

  it('refuses an expired proof and a made-up one', async () => {
    const { phoneNumber, verificationToken } = await verified();
    await t.database.db
      .update(otpCodes)
      .set({ verifiedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(otpCodes.phoneNumber, phoneNumber));
    expect(
      (await post('authenticate', { verificationToken, name: 'A', surname: 'B', acceptPrivacyPolicy: true }))
        .statusCode,
    ).toBe(401);
    expect((await post('authenticate', { verificationToken: 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await post('authenticate', { verificationToken: 'short' })).statusCode).toBe(400);
  });

  it('refuses a blocked user with USER_BLOCKED and creates no session', async () => {
    const blocked = await createUser(t.database.db, { isBlocked: true });
    const { verificationToken } = await verified(blocked.phoneNumber ?? '');
    const res = await post('authenticate', { verificationToken });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('USER_BLOCKED');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, blocked.id))).toEqual([]);
  });
});

describe('GET /api/authentication', () => {
  it('answers 401 without a token, with a bad one, and with a malformed header', async () => {
    for (const headers of [{}, bearer('x'.repeat(43)), { authorization: 'Basic abc' }, bearer('short')]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/authentication', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0].code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers the user of a live session, with roles and permissions', async () => {
    const { token, user } = await loginByPhone(t.app, t.database.db);
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: user.id,
      roles: [],
      permissions: [],
      hasProfileCompleted: false,
    });
  });

  it('ends a session after its idle time and after its absolute expiry', async () => {
    const idle = await userWithSession(t.database.db);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 24 * 3600_000) })
      .where(eq(sessions.userId, idle.user.id));
    expect((await me(idle.token)).statusCode).toBe(401);
    const old = await userWithSession(t.database.db);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, old.user.id));
    expect((await me(old.token)).statusCode).toBe(401);
  });

  it('refuses the token of a user blocked while logged in', async () => {
    const { user, token } = await userWithSession(t.database.db);
    await t.database.db.update(users).set({ isBlocked: true }).where(eq(users.id, user.id));
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('ends the session on the server', async () => {
    const { token } = await userWithSession(t.database.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { loggedOut: true } });
    expect((await me(token)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode,
    ).toBe(401);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
  });
});

describe('GET /api/authentication/users/blocked-status', () => {
  const status = async (token?: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/authentication/users/blocked-status',
        headers: token ? bearer(token) : {},
      })
    ).json().data.isBlocked;

  it('says false for a live user, an unknown token and no token', async () => {
    const { token } = await userWithSession(t.database.db);
    expect(await status(token)).toBe(false);
    expect(await status('y'.repeat(43))).toBe(false);
    expect(await status()).toBe(false);
  });

  it('says true for a blocked user, even with the revoked token', async () => {
    const { user, token } = await userWithSession(t.database.db);
    await t.database.db.update(users).set({ isBlocked: true }).where(eq(users.id, user.id));
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'blocked' })
      .where(eq(sessions.userId, user.id));
    expect(await status(token)).toBe(true);
  });
});
