import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { defaultNotificationSettings } from '@casaoferta/domain/schemas/user-settings';
import { outbox, users } from '../../db/schema/index';
import { createTestApp, publicAt, type TestApp } from '../../test/helpers';
import { bearer, userWithSession } from '../../test/auth-helpers';
import { userEmailTexts } from './texts';
import { confirmationsPerAddressPerHour, mailboxOf } from './email';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, publicAt('https://casaoferta.es'));
});
afterAll(() => t.close());

let counter = 0;
const address = (name: string) => `${name}.${Date.now()}.${++counter}@example.com`;

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object, token?: string) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? bearer(token) : {} });
const giveEmail = (token: string, email: string) => call('PUT', '/api/user/email', { email }, token);
const confirm = (token: string) => call('POST', '/api/user/email/confirm', { token });

/** The confirmation e-mail queued to `email`, and the token of its link. */
async function linkSentTo(email: string) {
  const rows = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.subject, userEmailTexts.confirmSubject)));
  const body = rows.at(-1)?.body ?? '';
  const link = /https:\/\/casaoferta\.es\/confirm-email\?token=([A-Za-z0-9_-]{43})/.exec(body);
  return { count: rows.length, body, token: link?.[1] ?? '' };
}

const userRow = async (id: string) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
};

describe('the e-mail address, confirmed by a link (issue 12, point 4)', () => {
  it('waits unconfirmed while a link goes to it; the link makes it the address notices go to', async () => {
    const { token, user } = await userWithSession(t.database.db);
    const email = address('Ana');
    const given = await giveEmail(token, `  ${email.toUpperCase()} `);
    expect(given.statusCode).toBe(200);
    expect(given.json().data).toMatchObject({ email: null, pendingEmail: email.toLowerCase() });
    expect(given.json().data.pendingExpiresAt).toEqual(expect.any(String));

    const sent = await linkSentTo(email.toLowerCase());
    expect(sent.count).toBe(1);
    expect(sent.body).toContain(`Hola, ${user.name}:`);
    expect(sent.body).toContain('caduca en 24 horas');
    expect((await userRow(user.id))?.email).toBeNull();

    const confirmed = await confirm(sent.token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toEqual({ email: email.toLowerCase() });
    expect((await call('GET', '/api/user/email', undefined, token)).json().data).toEqual({
      email: email.toLowerCase(),
      pendingEmail: null,
      pendingExpiresAt: null,
    });
    expect((await call('GET', '/api/user', undefined, token)).json().data.email).toBe(email.toLowerCase());

    // A link works once.
    const again = await confirm(sent.token);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].code).toBe('EMAIL_LINK_INVALID');
  });

  it('keeps the confirmed address until a new one is confirmed; a new request replaces the link', async () => {
    const { token, user } = await userWithSession(t.database.db);
    const first = address('luis');
    await giveEmail(token, first);
    await confirm((await linkSentTo(first)).token);

    const second = address('luis2');
    await giveEmail(token, second);
    const oldLink = (await linkSentTo(second)).token;
    await giveEmail(token, second);
    const newLink = await linkSentTo(second);
    expect(newLink.count).toBe(2);
    expect((await userRow(user.id))?.email).toBe(first);
    expect((await confirm(oldLink)).statusCode).toBe(400);
    expect((await confirm(newLink.token)).statusCode).toBe(200);
    expect((await userRow(user.id))?.email).toBe(second);

    // The confirmed address again: nothing is sent, nothing waits.
    await giveEmail(token, address('luis3'));
    const back = await giveEmail(token, second);
    expect(back.json().data).toEqual({ email: second, pendingEmail: null, pendingExpiresAt: null });
  });

  it('refuses an expired link, and an address another account confirmed meanwhile (409)', async () => {
    const a = await userWithSession(t.database.db);
    const email = address('eva');
    await giveEmail(a.token, email);
    const link = (await linkSentTo(email)).token;
    await t.database.db
      .update(users)
      .set({ emailTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, a.user.id));
    expect((await confirm(link)).json().errors[0].code).toBe('EMAIL_LINK_INVALID');

    await giveEmail(a.token, email);
    const aLink = (await linkSentTo(email)).token;
    const b = await userWithSession(t.database.db);
    await giveEmail(b.token, email);
    const bLink = (await linkSentTo(email)).token;
    expect((await confirm(bLink)).statusCode).toBe(200);
    const taken = await confirm(aLink);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0].code).toBe('EMAIL_IN_USE');
    expect((await userRow(a.user.id))?.email).toBeNull();
  });

  it('confirms once when the link is opened many times at once', async () => {
    const { token, user } = await userWithSession(t.database.db);
    const email = address('rosa');
    await giveEmail(token, email);
    const link = (await linkSentTo(email)).token;
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(link)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(400)]);
    expect((await userRow(user.id))?.email).toBe(email);
  });

  it('refuses what is not one address, storing and sending nothing', async () => {
    const { token, user } = await userWithSession(t.database.db);
    for (const email of ['no-es-un-correo', 'a@b.es\r\nBcc: otro@example.com', 'a@b.es, c@d.es', '']) {
      const res = await giveEmail(token, email);
      expect(res.statusCode, email).toBe(400);
    }
    expect(await userRow(user.id)).toMatchObject({ email: null, pendingEmail: null });
    expect((await confirm('corto')).statusCode).toBe(400);
  });

  it('removes the address: no more e-mail notices, and a waiting link stops working', async () => {
    const { token, user } = await userWithSession(t.database.db);
    const email = address('marta');
    await giveEmail(token, email);
    await confirm((await linkSentTo(email)).token);
    const other = address('marta2');
    await giveEmail(token, other);
    const removed = await call('DELETE', '/api/user/email', undefined, token);
    expect(removed.json().data).toEqual({ email: null, pendingEmail: null, pendingExpiresAt: null });
    expect((await confirm((await linkSentTo(other)).token)).statusCode).toBe(400);
    expect((await userRow(user.id))?.email).toBeNull();
  });

  it('is the account holder’s: a visitor gets 401 on every call that is not a link', async () => {
    expect((await call('GET', '/api/user/email')).statusCode).toBe(401);
    expect((await call('PUT', '/api/user/email', { email: address('x') })).statusCode).toBe(401);
    expect((await call('DELETE', '/api/user/email')).statusCode).toBe(401);
  });
});

describe('the unsubscribe link of every e-mail', () => {
  it('turns every e-mail notice off without logging in, and leaves the other channels', async () => {
    const { user } = await userWithSession(t.database.db);
    const row = await userRow(user.id);
    const res = await call('POST', '/api/user/email/unsubscribe', { token: row?.unsubscribeToken ?? '' });
    expect(res.statusCode).toBe(200);
    const settings = (await userRow(user.id))?.notificationSettings;
    for (const [event, channels] of Object.entries(settings ?? {})) {
      const defaults = defaultNotificationSettings[event as keyof typeof defaultNotificationSettings];
      expect(channels, event).toEqual({ ...defaults, email: false });
    }
  });

  it('answers 404 for an unknown token and 400 for one that is not a token', async () => {
    const unknown = await call('POST', '/api/user/email/unsubscribe', {
      token: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe('UNSUBSCRIBE_LINK_INVALID');
    expect((await call('POST', '/api/user/email/unsubscribe', { token: 'x' })).statusCode).toBe(400);
  });
});

describe('sending confirmation links', () => {
  it('is limited to ten an hour per person (each sends an e-mail)', async () => {
    const { token } = await userWithSession(t.database.db);
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await giveEmail(token, address('limite'))).statusCode);
    expect(answers.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(answers[10]).toBe(429);
    // Another person is not limited by it.
    expect((await giveEmail((await userWithSession(t.database.db)).token, address('otra'))).statusCode).toBe(
      200,
    );
  });

  it('sends one address at most 3 links an hour from all accounts; the 4th is 429 with Retry-After', async () => {
    const email = address('victima');
    const [local, domain] = email.split('@');
    // Sub-addresses ("+tag") reach the same mailbox, so they share its budget.
    const variants = [email, `${local}+1@${domain}`, `${local}+dos@${domain}`, `${local}+3@${domain}`];
    const people = await Promise.all(variants.map(() => userWithSession(t.database.db)));
    const answers = [];
    for (const [i, person] of people.entries())
      answers.push(await giveEmail(person.token, variants[i] ?? ''));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    const refused = answers[3];
    expect(refused?.json().errors[0].code).toBe('RATE_LIMITED');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Refused: nothing waits on the fourth account, and no e-mail was queued to that address.
    expect((await userRow(people[3]?.user.id ?? ''))?.pendingEmail).toBeNull();
    expect((await linkSentTo(variants[3] ?? '')).count).toBe(0);
    expect(confirmationsPerAddressPerHour).toBe(3);
  });

  it('of 10 accounts giving one address at once, exactly 3 get a link sent', async () => {
    const email = address('atacada');
    const people = await Promise.all(Array.from({ length: 10 }, () => userWithSession(t.database.db)));
    const answers = await Promise.all(people.map((person) => giveEmail(person.token, email)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(confirmationsPerAddressPerHour);
    expect(codes.filter((c) => c === 429)).toHaveLength(10 - confirmationsPerAddressPerHour);
    expect((await linkSentTo(email)).count).toBe(confirmationsPerAddressPerHour);
  });

  it('greets by name only a name: an older account named with a web address gets a plain "Hola:"', async () => {
    const { token } = await userWithSession(t.database.db, {
      name: 'Tu banco: entra en https://evil.example/es',
      surname: 'X.',
    });
    const email = address('saludo');
    expect((await giveEmail(token, email)).statusCode).toBe(200);
    const sent = await linkSentTo(email);
    expect(sent.body.startsWith('Hola:\n\n')).toBe(true);
    expect(sent.body).not.toContain('evil');
  });
});

describe('mailboxOf', () => {
  it('drops the sub-address tag and the case', () => {
    expect(mailboxOf('Ana+Casaoferta@Example.com')).toBe('ana@example.com');
    expect(mailboxOf('ana@example.com')).toBe('ana@example.com');
  });
});
