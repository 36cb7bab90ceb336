import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEV_TOOLS_TOKEN_HEADER } from '@casaoferta/domain/dev-tools';
import { createAgent, createUser } from '../../db/factories';
import { demoAccounts, renewDemoAgentPassword } from '../../db/seed/demo-accounts';
import type * as outbox from '../../platform/outbox';
import { logDevMessage } from '../../platform/outbox';
import { createTestApp, type TestApp } from '../../test/helpers';
import { productionEnv } from '../../test/production-env';

// The one-time codes printed in the server log are a development tool too: the spy sees each print.
vi.mock('../../platform/outbox', async (importOriginal) => {
  const original = await importOriginal<typeof outbox>();
  return { ...original, logDevMessage: vi.fn(original.logDevMessage) };
});

let local: TestApp;
let production: TestApp;
beforeAll(async () => {
  // The test config's HOST is the default (loopback), with no PUBLIC_URL nor TRUST_PROXY: the local demo
  // of `npm start`. A configuration others can reach is a production one (decision 027).
  [local, production] = await Promise.all([
    createTestApp(),
    createTestApp({ ...productionEnv, HOST: '0.0.0.0', TRUST_PROXY: '1', LOG_LEVEL: 'silent' }),
  ]);
});
afterAll(async () => {
  await Promise.all([local.close(), production.close()]);
});

const sendCode = (t: TestApp, phoneNumber: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authentication/users/generate-otp-code',
    payload: { phoneNumber },
  });

const localToken = (): string => tokenOf(local);

function tokenOf(t: TestApp): string {
  const value = t.config.devToolsToken;
  if (!value) throw new Error('this app has no development tools');
  return value;
}

const readOutbox = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/dev/outbox', headers });

// What a reverse proxy adds on its way in (nginx's proxy_pass with the usual headers, RFC 7239, Via).
const proxyHeaders: Record<string, string>[] = [
  { 'x-forwarded-for': '198.51.100.23' },
  { 'x-real-ip': '198.51.100.23' },
  { forwarded: 'for=198.51.100.23;proto=https' },
  { 'x-forwarded-host': 'casaoferta.example' },
  { 'x-forwarded-proto': 'https' },
  { via: '1.1 proxy' },
];

describe('the development outbox on a local start', () => {
  it('shows the stored messages, newest first, to the holder of the printed token, and prints the code', async () => {
    vi.mocked(logDevMessage).mockClear();
    expect((await sendCode(local, '+34611222333')).statusCode).toBe(200);
    const res = await readOutbox(local, { [DEV_TOOLS_TOKEN_HEADER]: localToken() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ channel: 'sms', recipient: '+34611222333' });
    expect(res.json().data[0].body).toMatch(/\d{6}/);
    expect(logDevMessage).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ recipient: '+34611222333' }),
    );
  });

  it('is a plain 404 without the token, with another one, or with a token of another length', async () => {
    const token = localToken();
    const missing = await readOutbox(local, {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(
      (await local.app.inject({ method: 'GET', url: '/api/dev/nothing-here' })).json(),
    );
    const other = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await readOutbox(local, { [DEV_TOOLS_TOKEN_HEADER]: other })).statusCode).toBe(404);
    expect((await readOutbox(local, { [DEV_TOOLS_TOKEN_HEADER]: `${token}x` })).statusCode).toBe(404);
    expect((await readOutbox(local, { [DEV_TOOLS_TOKEN_HEADER]: '' })).statusCode).toBe(404);
  });

  it.each(proxyHeaders)('is a plain 404 through a proxy, token and all: %j', async (headers) => {
    const res = await readOutbox(local, { ...headers, [DEV_TOOLS_TOKEN_HEADER]: localToken() });
    expect(res.statusCode).toBe(404);
  });

  it('makes a new token for every start', async () => {
    const another = await createTestApp();
    try {
      expect(tokenOf(another)).not.toBe(localToken());
      expect(localToken()).toMatch(/^[A-Za-z0-9_-]{32}$/);
    } finally {
      await another.close();
    }
  });
});

describe('a production start reachable from a network', () => {
  it('has no readable outbox and prints no code', async () => {
    vi.mocked(logDevMessage).mockClear();
    expect(production.config.devToolsToken).toBeNull();
    expect((await sendCode(production, '+34611222444')).statusCode).toBe(200);
    expect((await readOutbox(production, {})).statusCode).toBe(404);
    expect(logDevMessage).not.toHaveBeenCalled();
  });
});

describe('the demo agent', () => {
  const login = (t: TestApp, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/authentication/agents/authenticate',
      headers,
      payload: { email: demoAccounts.agent.email, password },
    });

  it('has a new password on every local start, and logs in with it only from this machine', async () => {
    await createAgent(local.database.db, {
      email: demoAccounts.agent.email,
      password: 'not-the-one-printed',
      role: 'supervisor',
    });
    const first = await renewDemoAgentPassword(local.database.db);
    const second = await renewDemoAgentPassword(local.database.db);
    if (!first || !second) throw new Error('the demo agent exists');
    expect(second.password).not.toBe(first.password);
    expect((await login(local, first.password)).statusCode).toBe(401);
    expect((await login(local, 'casaoferta-demo')).statusCode).toBe(401);
    expect((await login(local, second.password)).statusCode).toBe(200);
    // Three proxies' ways (10 logins per address in 15 minutes, 5 failures lock the e-mail address); the
    // recognition of every header is the outbox's test above.
    const [forwardedFor, , forwarded, , , via] = proxyHeaders;
    for (const headers of [forwardedFor, forwarded, via]) {
      const res = await login(local, second.password, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().errors[0].code).toBe('INVALID_CREDENTIALS');
    }
    expect((await login(local, second.password)).statusCode).toBe(200);
  });

  it('does not log in on a production start, while another agent does through the proxy', async () => {
    await createAgent(production.database.db, {
      email: demoAccounts.agent.email,
      password: 'printed-somewhere',
      role: 'supervisor',
    });
    await createAgent(production.database.db, {
      email: 'soporte@casaoferta.example',
      password: 'una-contraseña-larga',
      role: 'agent',
    });
    const proxied = { 'x-forwarded-for': '198.51.100.23' };
    expect((await login(production, 'printed-somewhere')).statusCode).toBe(401);
    const real = await production.app.inject({
      method: 'POST',
      url: '/api/authentication/agents/authenticate',
      headers: proxied,
      payload: { email: 'soporte@casaoferta.example', password: 'una-contraseña-larga' },
    });
    expect(real.statusCode).toBe(200);
  });

  it('has no password at all where there is no demo agent', async () => {
    expect(await renewDemoAgentPassword(production.database.db)).toMatchObject({
      email: demoAccounts.agent.email,
    });
    const empty = await createTestApp();
    try {
      expect(await renewDemoAgentPassword(empty.database.db)).toBeNull();
    } finally {
      await empty.close();
    }
  });
});

describe('POST /api/dev/session', () => {
  it('does not exist, not even on the loopback interface (e2e sessions come from the factories)', async () => {
    const user = await createUser(local.database.db);
    for (const t of [local, production]) {
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
      payload: { email: demoAccounts.agent.email },
    });
    expect(agent.statusCode).toBe(404);
  });
});

describe('GET /api/docs', () => {
  it('is there outside production unless API_DOCS=off, and not in production by default', async () => {
    expect((await local.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).not.toBe(404);
    expect((await production.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    const off = await createTestApp({ API_DOCS: 'off' });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
