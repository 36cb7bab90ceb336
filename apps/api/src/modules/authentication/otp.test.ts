import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createUser, randomSpanishMobile } from '../../db/factories';
import { otpCodes, outbox } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { lastCode } from '../../test/auth-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each test speaks from its own address, so the per-IP limits of one test do not leak into another. */
const newIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const post = (url: string, payload: object, remoteAddress = newIp()) =>
  t.app.inject({ method: 'POST', url: `/api/authentication/users/${url}`, payload, remoteAddress });

describe('POST /api/authentication/users/phone-number', () => {
  it.each([
    ['612 34 56 78', '+34612345678', 'ES'],
    ['+34 612345678', '+34612345678', 'ES'],
    ['+33 6 12 34 56 78', '+33612345678', 'FR'],
  ])('normalises %s', async (phoneNumber, e164, country) => {
    const res = await post('phone-number', { phoneNumber });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ phoneNumber: e164, countryCode: country });
  });

  it.each([{ phoneNumber: '123456' }, { phoneNumber: '+34 000 000 000' }])(
    'refuses %j with INVALID_PHONE',
    async (body) => {
      const res = await post('phone-number', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'INVALID_PHONE', field: 'phoneNumber' });
    },
  );

  it.each([{}, { phoneNumber: 'llámame' }, { phoneNumber: '6'.repeat(40) }])(
    'refuses malformed %j',
    async (body) => {
      const res = await post('phone-number', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].code).toBe('INVALID_INPUT');
    },
  );
});

describe('POST /api/authentication/users/generate-otp-code', () => {
  it('answers the same for a number with an account and one without, and stores only a hash', async () => {
    const known = (await createUser(t.database.db)).phoneNumber ?? '';
    const unknown = randomSpanishMobile();
    const a = await post('generate-otp-code', { phoneNumber: known });
    const b = await post('generate-otp-code', { phoneNumber: unknown });
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    const code = await lastCode(t.database.db, unknown);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.database.db.select().from(otpCodes).where(eq(otpCodes.phoneNumber, unknown));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).not.toContain(code);
    expect(rows[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 4.9 * 60_000);
  });

  it('allows 3 sends per 15 minutes per phone, then 429 with Retry-After, storing nothing more', async () => {
    const phoneNumber = randomSpanishMobile();
    for (let i = 0; i < 3; i++)
      expect((await post('generate-otp-code', { phoneNumber })).statusCode).toBe(200);
    const fourth = await post('generate-otp-code', { phoneNumber });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().errors[0].code).toBe('OTP_TOO_MANY_SENDS');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(800);
    const messages = await t.database.db.select().from(outbox).where(eq(outbox.recipient, phoneNumber));
    expect(messages).toHaveLength(3);
  });

  it('allows 10 sends per day per phone', async () => {
    const phoneNumber = randomSpanishMobile();
    const oldRows = Array.from({ length: 10 }, (_, i) => ({
      phoneNumber,
      codeHash: 'x',
      createdAt: new Date(Date.now() - (20 + i * 60) * 60_000),
      expiresAt: new Date(Date.now() - 60_000),
    }));
    await t.database.db.insert(otpCodes).values(oldRows);
    const res = await post('generate-otp-code', { phoneNumber });
    expect(res.statusCode).toBe(429);
    expect(res.json().errors[0].code).toBe('OTP_TOO_MANY_SENDS');
  });

  it('limits sends per IP address across phones', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await post('generate-otp-code', { phoneNumber: randomSpanishMobile() }, ip)).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('refuses an invalid number without storing anything', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(otpCodes);
    const res = await post('generate-otp-code', { phoneNumber: '+34 1' });
    expect(res.statusCode).toBe(400);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(otpCodes);
    expect(after).toEqual(before);
  });
});

describe('POST /api/authentication/users/verify', () => {
  const sendAndRead = async (phoneNumber = randomSpanishMobile()) => {
    await post('generate-otp-code', { phoneNumber });
    return { phoneNumber, code: await lastCode(t.database.db, phoneNumber) };
  };
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('accepts the right code once, telling whether the phone has an account', async () => {
    const fresh = await sendAndRead();
    const ok = await post('verify', fresh);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ registered: false });
    expect(ok.json().data.verificationToken).toMatch(/^[\w-]{43}$/);
    const reused = await post('verify', fresh);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors[0].code).toBe('OTP_EXPIRED');

    const { phoneNumber } = await createUser(t.database.db);
    const known = await sendAndRead(phoneNumber ?? '');
    expect((await post('verify', known)).json().data.registered).toBe(true);
  });

  it('refuses a wrong code, and an expired one', async () => {
    const sent = await sendAndRead();
    const res = await post('verify', { ...sent, code: wrong(sent.code) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ code: 'OTP_INVALID', field: 'code' });
    await t.database.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.phoneNumber, sent.phoneNumber));
    const expired = await post('verify', sent);
    expect(expired.json().errors[0].code).toBe('OTP_EXPIRED');
  });

  it('voids the code at the fifth wrong try: the sixth, even right, is refused', async () => {
    const sent = await sendAndRead();
    for (let i = 0; i < 4; i++) {
      expect((await post('verify', { ...sent, code: wrong(sent.code) })).json().errors[0].code).toBe(
        'OTP_INVALID',
      );
    }
    expect((await post('verify', { ...sent, code: wrong(sent.code) })).json().errors[0].code).toBe(
      'OTP_TOO_MANY_ATTEMPTS',
    );
    const sixth = await post('verify', sent);
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().errors[0].code).toBe('OTP_EXPIRED');
  });

  it('voids the older code when a new one is sent', async () => {
    const first = await sendAndRead();
    const second = await sendAndRead(first.phoneNumber);
    if (first.code !== second.code) {
      expect((await post('verify', first)).json().errors[0].code).toBe('OTP_INVALID');
    }
    expect((await post('verify', second)).statusCode).toBe(200);
  });

  it('brute force: 1,000 concurrent guesses from many addresses evaluate at most 5 per code', async () => {
    const sent = await sendAndRead();
    const guesses = Array.from({ length: 1000 }, (_, i) => String(i * 997).padStart(6, '0')).filter(
      (g) => g !== sent.code,
    );
    const statuses: string[] = [];
    for (let i = 0; i < guesses.length; i += 50) {
      const batch = guesses
        .slice(i, i + 50)
        .map((code) => post('verify', { phoneNumber: sent.phoneNumber, code }));
      for (const res of await Promise.all(batch)) statuses.push(res.json().errors?.[0]?.code ?? 'OK');
    }
    const [row] = await t.database.db
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.phoneNumber, sent.phoneNumber));
    console.log(
      `brute force: ${guesses.length} guesses, ${row?.attempts} evaluated, ${statuses.filter((s) => s === 'OTP_INVALID').length} answered OTP_INVALID`,
    );
    expect(row?.attempts).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 'OTP_INVALID').length).toBeLessThanOrEqual(4);
    expect(statuses).not.toContain('OK');
    expect((await post('verify', sent)).statusCode).toBe(422);
  });

  it('limits guesses per IP address', async () => {
    const ip = newIp();
    let last = 0;
    for (let i = 0; i < 61; i++) {
      last = (await post('verify', { phoneNumber: randomSpanishMobile(), code: '000000' }, ip)).statusCode;
    }
    expect(last).toBe(429);
  });
});
