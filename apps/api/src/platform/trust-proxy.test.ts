import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomSpanishMobile } from '../db/factories';
import { ConfigError, loadConfig } from '../config';
import { otpRules } from '../modules/authentication/otp-rules';
import { AGENT_LOGINS_PER_IP } from '../modules/agents/authenticate-agent';
import { createTestApp, type TestApp } from '../test/helpers';
import { productionEnv } from '../test/production-env';
import { fastifyTrustProxy, trustProxySetting } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    [' 2 ', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 10.1.0.0/16,fd00::/8,loopback', ['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback']],
  ])('reads %j as %j', (value, expected) => {
    // A proxy in front is a network: only a production start may have one (decision 027).
    expect(loadConfig({ ...productionEnv, TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each([
    ['true', /TRUST_PROXY: no se admite true/],
    ['11', /como mucho 10 proxies/],
    ['-1', /-1/],
    ['10.0.0.300', /10\.0\.0\.300/],
    ['10.0.0.0/33', /10\.0\.0\.0\/33/],
    ['proxy.interno', /proxy\.interno/],
  ])('refuses %j, saying why', (value, reason) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(reason);
  });
});

describe('fastifyTrustProxy', () => {
  it('believes the last n hops, the nearest only from a loopback or private address', () => {
    const trust = fastifyTrustProxy(1);
    if (typeof trust !== 'function') throw new Error('a hop count is a function');
    expect(
      ['127.0.0.1', '10.1.2.3', '172.20.0.4', '192.168.1.1', '::1', 'fd12::1', '::ffff:10.0.0.9'].map((a) =>
        trust(a, 0),
      ),
    ).toEqual([true, true, true, true, true, true, true]);
    expect(['198.51.100.20', '8.8.8.8', '2001:db8::1', '::ffff:8.8.8.8'].map((a) => trust(a, 0))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(trust('10.0.0.2', 1)).toBe(false);
    const two = fastifyTrustProxy(2);
    if (typeof two !== 'function') throw new Error('a hop count is a function');
    expect([two('10.0.0.1', 0), two('203.0.113.5', 1), two('203.0.113.6', 2)]).toEqual([true, true, false]);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.5'])).toEqual(['10.0.0.5']);
  });
});

/**
 * Behind one proxy, the proxy appends the address it saw to whatever `X-Forwarded-For` the client sent:
 * the client controls every entry but the last. A made-up first entry must not buy a fresh budget.
 */
describe.each([
  ['a hop count', '1'],
  ["the proxy's address", '127.0.0.1'],
])('per-IP limits behind a proxy given by %s', (_, setting) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { TRUST_PROXY: trustProxySetting.parse(setting) });
  });
  afterAll(() => t.close());

  let forged = 0;
  /** What the proxy forwards for a client at `client` that put a new made-up address first. */
  const through = (client: string) => ({ 'x-forwarded-for': `198.18.0.${++forged % 250}, ${client}` });
  const post = (url: string, payload: object, client: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: through(client) });

  it('counts one-time code sends per real client, whatever comes first in X-Forwarded-For', async () => {
    const client = '203.0.113.7';
    const send = () =>
      post('/api/authentication/users/generate-otp-code', { phoneNumber: randomSpanishMobile() }, client);
    for (let i = 0; i < otpRules.ipSendsPer15Minutes; i++) expect((await send()).statusCode).toBe(200);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].code).toBe('RATE_LIMITED');
    const otherClient = await post(
      '/api/authentication/users/generate-otp-code',
      { phoneNumber: randomSpanishMobile() },
      '203.0.113.8',
    );
    expect(otherClient.statusCode).toBe(200);
  });

  it('takes a client connecting from the internet for itself, whatever X-Forwarded-For it sends', async () => {
    const direct = (forged: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/authentication/users/generate-otp-code',
        payload: { phoneNumber: randomSpanishMobile() },
        remoteAddress: '198.51.100.20',
        headers: { 'x-forwarded-for': forged },
      });
    for (let i = 0; i < otpRules.ipSendsPer15Minutes; i++) {
      expect((await direct(`203.0.113.${i + 100}`)).statusCode).toBe(200);
    }
    expect((await direct('203.0.113.250')).statusCode).toBe(429);
  });

  it('counts agent password guesses per real client, whatever comes first in X-Forwarded-For', async () => {
    const client = '203.0.113.9';
    // A different address each time, so the per-account lock is not what stops them.
    const guess = (i: number) =>
      post(
        '/api/authentication/agents/authenticate',
        { email: `adivina${i}@casaoferta.test`, password: 'contraseña' },
        client,
      );
    for (let i = 0; i < AGENT_LOGINS_PER_IP; i++) expect((await guess(i)).statusCode).toBe(401);
    const refused = await guess(AGENT_LOGINS_PER_IP);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].code).toBe('RATE_LIMITED');
  });
});
