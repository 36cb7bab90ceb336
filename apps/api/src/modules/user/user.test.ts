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
    news: { email: true, sms: false, whatsapp: true },
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
});
