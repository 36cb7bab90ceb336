import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../db/factories';
import type * as outbox from '../../platform/outbox';
import { logDevMessage } from '../../platform/outbox';
import { createTestApp, type TestApp } from '../../test/helpers';

// The one-time codes printed in the server log are a development tool too: the spy sees each print.
vi.mock('../../platform/outbox', async (importOriginal) => {
  const original = await importOriginal<typeof outbox>();
  return { ...original, logDevMessage: vi.fn(original.logDevMessage) };
});

let local: TestApp;
let publicHost: TestApp;
let publicUrl: TestApp;
beforeAll(async () => {
  // The test config's HOST is the default (loopback), with no PUBLIC_URL: the local demo of `npm start`.
  [local, publicHost, publicUrl] = await Promise.all([
    createTestApp(),
    createTestApp({ HOST: '0.0.0.0' }),
    createTestApp({ PUBLIC_URL: 'https://casaoferta.es' }),
  ]);
});
afterAll(async () => {
  await Promise.all([local.close(), publicHost.close(), publicUrl.close()]);
});

const sendCode = (t: TestApp, phoneNumber: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authentication/users/generate-otp-code',
    payload: { phoneNumber },
  });

describe('development tools on the loopback interface', () => {
  it('show the stored messages, newest first, and print the one-time code in the log', async () => {
    vi.mocked(logDevMessage).mockClear();
    expect((await sendCode(local, '+34611222333')).statusCode).toBe(200);
    const res = await local.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ channel: 'sms', recipient: '+34611222333' });
    expect(res.json().data[0].body).toMatch(/\d{6}/);
    expect(logDevMessage).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ recipient: '+34611222333' }),
    );
  });
});

describe.each([
  ['HOST=0.0.0.0', () => publicHost],
  ['PUBLIC_URL set', () => publicUrl],
])('a configuration that can face a network (%s)', (_, app) => {
  it('has no readable outbox and prints no code', async () => {
    vi.mocked(logDevMessage).mockClear();
    expect((await sendCode(app(), '+34611222444')).statusCode).toBe(200);
    expect((await app().app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    expect(logDevMessage).not.toHaveBeenCalled();
  });
});

describe('POST /api/dev/session', () => {
  it('does not exist, not even on the loopback interface (e2e sessions come from the factories)', async () => {
    const user = await createUser(local.database.db);
    for (const t of [local, publicHost, publicUrl]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dev/session',
        payload: { phoneNumber: user.phoneNumber },
      });
      expect(res.statusCode).toBe(404);
    }
    const agent = await local.app.inject({
      method: 'POST',
      url: '/api/dev/session',
      payload: { email: 'agente@casaoferta.es' },
    });
    expect(agent.statusCode).toBe(404);
  });
});

describe('GET /api/docs', () => {
  it('is there outside production unless API_DOCS=off (off by default in production, config.test.ts)', async () => {
    expect((await local.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).not.toBe(404);
    const off = await createTestApp({ API_DOCS: 'off' });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
