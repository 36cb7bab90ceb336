import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/helpers';

let dev: TestApp;
let prod: TestApp;
beforeAll(async () => {
  [dev, prod] = await Promise.all([createTestApp(), createTestApp({}, { NODE_ENV: 'production' })]);
});
afterAll(async () => {
  await Promise.all([dev.close(), prod.close()]);
});

describe('GET /api/dev/outbox', () => {
  it('shows the stored messages outside production, newest first', async () => {
    await dev.app.inject({
      method: 'POST',
      url: '/api/authentication/users/generate-otp-code',
      payload: { phoneNumber: '+34611222333' },
    });
    const res = await dev.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ channel: 'sms', recipient: '+34611222333' });
    expect(res.json().data[0].body).toMatch(/\d{6}/);
  });

  it('does not exist in production', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
    const session = await prod.app.inject({
      method: 'POST',
      url: '/api/dev/session',
      payload: { phoneNumber: '+34600000001' },
    });
    expect(session.statusCode).toBe(404);
  });
});

describe('POST /api/dev/session', () => {
  it('gives a working session for an existing user only', async () => {
    const user = await createUser(dev.database.db);
    const res = await dev.app.inject({
      method: 'POST',
      url: '/api/dev/session',
      payload: { phoneNumber: user.phoneNumber },
    });
    expect(res.statusCode).toBe(200);
    const me = await dev.app.inject({
      method: 'GET',
      url: '/api/authentication',
      headers: { authorization: `Bearer ${res.json().data.token}` },
    });
    expect(me.json().data.id).toBe(user.id);
    const unknown = await dev.app.inject({
      method: 'POST',
      url: '/api/dev/session',
      payload: { phoneNumber: '+34699999999' },
    });
    expect(unknown.statusCode).toBe(404);
    const agent = await createAgent(dev.database.db, {
      email: 'dev-agent@casaoferta.test',
      password: 'una-clave-larga',
    });
    const agentSession = await dev.app.inject({
      method: 'POST',
      url: '/api/dev/session',
      payload: { email: agent.email },
    });
    const check = await dev.app.inject({
      method: 'GET',
      url: '/api/authentication/agents',
      headers: { authorization: `Bearer ${agentSession.json().data.token}` },
    });
    expect(check.statusCode).toBe(200);
    const blocked = await createUser(dev.database.db, { isBlocked: true });
    expect(
      (
        await dev.app.inject({
          method: 'POST',
          url: '/api/dev/session',
          payload: { phoneNumber: blocked.phoneNumber },
        })
      ).statusCode,
    ).toBe(404);
  });
});
