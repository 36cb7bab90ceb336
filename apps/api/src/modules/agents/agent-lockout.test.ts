import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createAgent } from '../../db/factories';
import { agentLoginAttempts } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentLockout } from './authenticate-agent';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let clients = 0;
/** Each attempt from its own address: the per-IP limit is not what these tests are about. */
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authentication/agents/authenticate',
    payload: { email, password },
    remoteAddress: `10.9.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`,
  });

const attemptsOf = async (email: string) =>
  (await t.database.db.select().from(agentLoginAttempts).where(eq(agentLoginAttempts.email, email)))[0];

/** As if the lock had run out: the time passes in the database, not in the test. */
const endLock = (email: string) =>
  t.database.db
    .update(agentLoginAttempts)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(agentLoginAttempts.email, email));

describe('agent login: per-account limit with back-off', () => {
  it('locks an address after five failed attempts, even for the right password, and alike for unknown addresses', async () => {
    await createAgent(t.database.db, { email: 'lucia@casaoferta.test', password: 'la-de-verdad' });
    const answers: { status: number; body: string; retryAfter: unknown }[][] = [];
    for (const email of ['Lucia@casaoferta.test', 'nadie-aqui@casaoferta.test']) {
      const seen = [];
      for (let i = 0; i < agentLockout.attempts; i++) {
        const res = await login(email, `mala-${i}`);
        seen.push({ status: res.statusCode, body: res.body, retryAfter: res.headers['retry-after'] });
      }
      const res = await login(email, 'la-de-verdad');
      seen.push({ status: res.statusCode, body: res.body, retryAfter: res.headers['retry-after'] });
      answers.push(seen);
    }
    const [known = [], unknown = []] = answers;
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = known[5];
    expect(JSON.parse(locked?.body ?? '{}').errors[0].code).toBe('RATE_LIMITED');
    expect(Number(locked?.retryAfter)).toBeGreaterThan(agentLockout.firstLockSeconds - 60);
    expect(Number(locked?.retryAfter)).toBeLessThanOrEqual(agentLockout.firstLockSeconds);
    // Nothing tells a known address from an unknown one.
    expect(unknown.map((a) => [a.status, a.body])).toEqual(known.map((a) => [a.status, a.body]));
  });

  it('evaluates at most five of 50 parallel wrong guesses on one account', async () => {
    await createAgent(t.database.db, { email: 'objetivo@casaoferta.test', password: 'secreta-larga' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login('objetivo@casaoferta.test', `intento-${i}`)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(agentLockout.attempts);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - agentLockout.attempts);
    expect(await attemptsOf('objetivo@casaoferta.test')).toMatchObject({ failures: 5, lockouts: 1 });
  });

  it('doubles the lock each time, and a right password clears the count', async () => {
    const email = 'ramon@casaoferta.test';
    await createAgent(t.database.db, { email, password: 'correcta-123' });
    const fail = async (times: number) => {
      const statuses = [];
      for (let i = 0; i < times; i++) statuses.push((await login(email, 'incorrecta')).statusCode);
      return statuses;
    };
    expect(await fail(5)).toEqual([401, 401, 401, 401, 401]);
    await endLock(email);
    expect(await fail(4)).toEqual([401, 401, 401, 401]);
    const last = await login(email, 'incorrecta');
    expect(last.statusCode).toBe(401);
    const second = await login(email, 'correcta-123');
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(agentLockout.firstLockSeconds);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(2 * agentLockout.firstLockSeconds);

    await endLock(email);
    expect((await login(email, 'correcta-123')).statusCode).toBe(200);
    expect(await attemptsOf(email)).toBeUndefined();
    expect(await fail(4)).toEqual([401, 401, 401, 401]);
  });
});
