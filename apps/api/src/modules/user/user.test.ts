import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { defaultNotificationSettings } from '@casaoferta/domain/schemas/user-settings';
import { createUser } from '../../db/factories';
import { users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/user', headers: token ? bearer(token) : {} });
const put = (payload: object, token?: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/notification/settings',
    payload,
    headers: token ? bearer(token) : {},
  });

const firstError = (res: { json: () => unknown }) =>
  (res.json() as { errors?: { code: string; field?: string }[] }).errors?.[0];

describe('GET /api/user', () => {
  it('answers the user with default notification settings and no support access', async () => {
    const { token, user } = await userWithSession(t.database.db);
    const res = await get(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: user.id,
      notificationSettings: defaultNotificationSettings,
      supportAccess: [],
    });
    expect((await get()).statusCode).toBe(401);
  });

  it('lists when support acted on the account, with the agent, the reason and the requests made', async () => {
    const { token: agentToken } = await agentWithSession(t.database.db);
    const target = await userWithSession(t.database.db);
    const imp = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/agents/impersonate',
      payload: { userId: target.user.id, reason: 'Revisar su anuncio' },
      headers: bearer(agentToken),
    });
    await get(imp.json().data.token);
    const res = await get(target.token);
    expect(res.json().data.supportAccess).toEqual([
      expect.objectContaining({
        agentName: expect.stringContaining('Agente'),
        reason: 'Revisar su anuncio',
        requests: 1,
      }),
    ]);
  });
});

describe('PUT /api/user/notification/settings', () => {
  const settings = {
    ...defaultNotificationSettings,
    news: { email: true, sms: false, whatsapp: true, preferred: null },
  };

  it('stores the settings of the caller only, dropping unknown fields', async () => {
    const { token, user } = await userWithSession(t.database.db);
    const other = await createUser(t.database.db);
    const res = await put({ ...settings, hacked: { email: true } }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(settings);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.notificationSettings).toEqual(settings);
    const [untouched] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(untouched?.notificationSettings).toBeNull();
  });

  it('refuses incomplete settings and visitors, storing nothing', async () => {
    const { token, user } = await userWithSession(t.database.db);
    const { news: _news, ...incomplete } = settings;
    expect((await put(incomplete, token)).statusCode).toBe(400);
    expect(
      (await put({ ...settings, offers: { email: 'yes', sms: true, whatsapp: true } }, token)).statusCode,
    ).toBe(400);
    expect((await put(settings)).statusCode).toBe(401);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.notificationSettings).toBeNull();
  });

  it('takes settings stored before issue 23 (no preferred channel) as automatic', async () => {
    const legacy = {
      offers: { email: true, sms: true, whatsapp: false },
      visits: { email: true, sms: true, whatsapp: true },
      announcements: { email: true, sms: false, whatsapp: true },
      contracts: { email: true, sms: true, whatsapp: true },
      news: { email: false, sms: false, whatsapp: false },
    };
    const { token } = await userWithSession(t.database.db, { notificationSettings: legacy });
    const res = await get(token);
    expect(res.json().data.notificationSettings.offers).toEqual({ ...legacy.offers, preferred: null });
    // An old client that sends no `preferred` saves automatic.
    const saved = await put(legacy, token);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.visits.preferred).toBeNull();
  });

  it('stores a preferred channel per kind; e-mail only with a confirmed address (409 EMAIL_NOT_CONFIRMED)', async () => {
    const { token, user } = await userWithSession(t.database.db, { pendingEmail: 'sin@confirmar.es' });
    const smsFirst = { ...settings, offers: { ...settings.offers, preferred: 'sms' } };
    const res = await put(smsFirst, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.offers.preferred).toBe('sms');

    const emailFirst = { ...settings, contracts: { ...settings.contracts, preferred: 'email' } };
    const refused = await put(emailFirst, token);
    expect([refused.statusCode, firstError(refused)?.code]).toEqual([409, 'EMAIL_NOT_CONFIRMED']);
    const [kept] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(kept?.notificationSettings).toEqual(smsFirst);

    await t.database.db
      .update(users)
      .set({ email: `conf-${user.id}@example.es` })
      .where(eq(users.id, user.id));
    const accepted = await put(emailFirst, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.contracts.preferred).toBe('email');
  });

  it('refuses a preferred channel the kind is off on, or one that is not a channel (400, nothing stored)', async () => {
    const { token, user } = await userWithSession(t.database.db);
    const off = await put(
      { ...settings, offers: { email: false, sms: true, whatsapp: false, preferred: 'whatsapp' } },
      token,
    );
    expect(off.statusCode).toBe(400);
    expect(firstError(off)).toMatchObject({ code: 'INVALID_INPUT', field: 'offers.preferred' });
    const unknown = await put({ ...settings, offers: { ...settings.offers, preferred: 'telegram' } }, token);
    expect(unknown.statusCode).toBe(400);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.notificationSettings).toBeNull();
  });
});
