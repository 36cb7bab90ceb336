import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contractSignCodes, otpCodes, outbox } from '../db/schema/index';
import { randomSpanishMobile } from '../db/factories';
import { hashCode } from '../modules/authentication/otp-hash';
import { contractTestKit, type Person } from '../modules/contracts/test-support';
import { eraseExpiredSecrets } from '../modules/delivery/deliver';
import { outboxProvider } from '../modules/delivery/providers';
import { allChannels, allSettled, recordingProvider, startWorker } from '../modules/delivery/test-support';
import { lastCode, testSecretKeys, userWithSession } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/helpers';
import { enqueueSecretMessage, latestMessages, REDACTED } from './outbox';
import { sha256 } from './tokens';

/**
 * Issue 22: a one-time code is never stored readable. After a login by code and a contract signed by
 * both parties with their SMS codes, no table of the database holds any of the codes sent: not the
 * outbox (its body is redacted, the readable text sealed under a key outside the database, and erased
 * once delivered), not the codes' own tables (keyed hashes that the database alone cannot test).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const db = () => t.database.db;
const kit = contractTestKit(() => t);
const post = (url: string, payload: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });

/** Rows of a raw query on either driver. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** A stored value as text: bytes as they are (a PDF, an image), anything else as its JSON. */
const asText = (value: unknown): string =>
  value instanceof Uint8Array
    ? Buffer.from(value).toString('latin1')
    : value instanceof Date
      ? value.toISOString()
      : JSON.stringify(value);

/**
 * Every row of every table of the database (every schema but PostgreSQL's own: graphile-worker's too),
 * each as `schema.table: column=value …`.
 */
async function dumpDatabase(database: Db): Promise<string[]> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await database.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE'
        and table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg\_%'
      order by 1, 2`),
  );
  expect(tables.map((table) => table.name)).toEqual(
    expect.arrayContaining(['outbox', 'otp_codes', 'contract_sign_codes', 'sessions', 'contracts']),
  );
  const rows: string[] = [];
  for (const table of tables) {
    const identifier = sql.raw(
      `"${table.schema.replaceAll('"', '""')}"."${table.name.replaceAll('"', '""')}"`,
    );
    for (const row of rowsOf<Record<string, unknown>>(
      await database.execute(sql`select * from ${identifier}`),
    )) {
      const columns = Object.entries(row).map(([column, value]) => `${column}=${asText(value)}`);
      rows.push(`${table.schema}.${table.name}: ${columns.join(' ')}`);
    }
  }
  return rows;
}

/**
 * The rows holding any of `codes`, among those written or changed since `before` (a dump taken before
 * the codes existed). Rows left as they were cannot hold a code but by coincidence: the master data is
 * full of 6-digit runs (coordinates, INE codes).
 */
function rowsHolding(after: string[], before: string[], codes: string[]): string[] {
  const unchanged = new Set(before);
  return after.filter((row) => !unchanged.has(row) && codes.some((code) => row.includes(code)));
}

/** Asks a signing code for `party`, reads it off the person's phone, and signs with it. */
async function signWithCode(id: string, person: Person, party: 'owner' | 'tenant', fullName: string) {
  const asked = await kit.call('POST', `/api/contract/${id}/${party}/sign-code`, person.token);
  expect(asked.statusCode).toBe(200);
  const code = await lastCode(db(), person.user.phoneNumber ?? '');
  const signed = await kit.call('POST', `/api/contract/${id}/${party}/sign`, person.token, {
    fullName,
    code,
  });
  expect(signed.statusCode).toBe(200);
  return code;
}

describe('one-time codes at rest (issue 22)', () => {
  it('are nowhere in the database after a login and a signature, before and after their delivery', async () => {
    const owner = await userWithSession(db(), { name: 'Olga', surname: 'Dueñas Ruiz' });
    const tenant = await userWithSession(db(), { name: 'Laura', surname: 'García López' });
    const { id } = await kit.sentToSign(owner, tenant);
    const before = await dumpDatabase(db());

    // A login by code, through the API.
    const phoneNumber = randomSpanishMobile();
    expect((await post('/api/authentication/users/generate-otp-code', { phoneNumber })).statusCode).toBe(200);
    const loginCode = await lastCode(db(), phoneNumber);
    const verified = await post('/api/authentication/users/verify', { phoneNumber, code: loginCode });
    expect(verified.statusCode).toBe(200);
    const { verificationToken } = verified.json<{ data: { verificationToken: string } }>().data;
    const registered = await post('/api/authentication/users/authenticate', {
      verificationToken,
      name: 'Ana',
      surname: 'López Díaz',
      acceptPrivacyPolicy: true,
    });
    expect(registered.statusCode).toBe(200);

    // Both parties sign with their SMS codes: the contract is sealed and signed.
    const ownerCode = await signWithCode(id, owner, 'owner', 'Olga Dueñas Ruiz');
    const tenantCode = await signWithCode(id, tenant, 'tenant', 'Laura García López');
    const codes = [loginCode, ownerCode, tenantCode];
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);

    // Queued, not delivered yet: redacted, the readable text sealed.
    const queued = await dumpDatabase(db());
    expect(rowsHolding(queued, before, codes)).toEqual([]);
    const codeMessages = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), sql`${outbox.body} like ${`%${REDACTED}%`}`));
    expect(codeMessages).toHaveLength(3);
    for (const message of codeMessages) {
      expect(message.status).toBe('queued');
      expect(message.sealedBody).toMatch(/^v1\./);
    }

    // The stored hashes are keyed: the database alone cannot try the 10^6 codes against them.
    const keys = await testSecretKeys();
    const [otp] = await db().select().from(otpCodes).where(eq(otpCodes.phoneNumber, phoneNumber));
    expect(otp?.codeHash).toBe(hashCode(keys, otp?.id ?? '', loginCode));
    expect(otp?.codeHash).not.toBe(sha256(`${otp?.id}:${loginCode}`));
    const signCodes = await db().select().from(contractSignCodes).where(eq(contractSignCodes.contractId, id));
    expect(signCodes).toHaveLength(2);
    for (const row of signCodes) {
      const code = row.party === 'owner' ? ownerCode : tenantCode;
      expect(row.codeHash).toBe(hashCode(keys, `contract:${row.id}`, code));
      expect(row.codeHash).not.toBe(sha256(`contract:${row.id}:${code}`));
      expect(row.codeHash).not.toBe(createHash('sha256').update(code).digest('base64url'));
    }

    // Delivered: the provider had each code in clear; the rows keep none, sealed or not.
    const provider = recordingProvider();
    const worker = await startWorker(t.database, allChannels(provider));
    try {
      await allSettled(
        db(),
        codeMessages.map((message) => message.id),
      );
    } finally {
      await worker.stop();
    }
    for (const code of codes) {
      expect(provider.sent.filter((message) => message.body.includes(code))).toHaveLength(1);
    }
    const delivered = await db()
      .select()
      .from(outbox)
      .where(
        inArray(
          outbox.id,
          codeMessages.map((message) => message.id),
        ),
      );
    for (const message of delivered) {
      expect(message).toMatchObject({ status: 'sent', provider: 'recording', sealedBody: null });
      expect(message.body).toContain(REDACTED);
    }
    expect(rowsHolding(await dumpDatabase(db()), before, codes)).toEqual([]);
  }, 60_000);

  it('keeps a code sent to the local outbox readable there until it expires, then erases it', async () => {
    const keys = await testSecretKeys();
    const recipient = randomSpanishMobile();
    await enqueueSecretMessage(db(), keys, {
      channel: 'sms',
      recipient,
      body: 'Tu código de Casaoferta es 480372. Caduca en 5 minutos.',
      secret: '480372',
      expiresAt: new Date(Date.now() + 300_000),
    });
    const [stored] = await db().select().from(outbox).where(eq(outbox.recipient, recipient));
    if (!stored) throw new Error('not queued');
    expect(stored.body).toBe(`Tu código de Casaoferta es ${REDACTED}. Caduca en 5 minutos.`);

    const worker = await startWorker(t.database, allChannels(outboxProvider));
    try {
      await allSettled(db(), [stored.id]);
    } finally {
      await worker.stop();
    }
    const shown = async () => (await latestMessages(db(), keys)).find((message) => message.id === stored.id);
    const [sent] = await db().select().from(outbox).where(eq(outbox.id, stored.id));
    expect(sent).toMatchObject({ status: 'sent', provider: 'outbox' });
    expect(sent?.sealedBody).not.toBeNull();
    expect((await shown())?.body).toBe('Tu código de Casaoferta es 480372. Caduca en 5 minutos.');
    expect(await shown()).not.toHaveProperty('sealedBody');

    // Not expired yet: the job leaves it. Expired: erased, and the outbox shows it redacted.
    await eraseExpiredSecrets(db());
    expect((await db().select().from(outbox).where(eq(outbox.id, stored.id)))[0]?.sealedBody).not.toBeNull();
    await db()
      .update(outbox)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, stored.id));
    expect(await eraseExpiredSecrets(db())).toBeGreaterThanOrEqual(1);
    expect((await db().select().from(outbox).where(eq(outbox.id, stored.id)))[0]?.sealedBody).toBeNull();
    expect((await shown())?.body).toBe(stored.body);
  });

  it('fails a code whose sealed text does not open, never sending it redacted', async () => {
    const keys = await testSecretKeys();
    const recipient = randomSpanishMobile();
    await enqueueSecretMessage(db(), keys, {
      channel: 'sms',
      recipient,
      body: 'Tu código es 915264.',
      secret: '915264',
      expiresAt: new Date(Date.now() + 300_000),
    });
    const [stored] = await db().select().from(outbox).where(eq(outbox.recipient, recipient));
    if (!stored) throw new Error('not queued');
    // Moved to another row: bound to its own id, it does not open there.
    const [other] = await db()
      .insert(outbox)
      .values({ channel: 'sms', recipient, body: stored.body, sealedBody: stored.sealedBody })
      .returning({ id: outbox.id });
    const provider = recordingProvider();
    const worker = await startWorker(t.database, allChannels(provider));
    try {
      await allSettled(db(), [stored.id, other?.id ?? '']);
    } finally {
      await worker.stop();
    }
    expect(provider.sent.map((message) => message.body)).toEqual(['Tu código es 915264.']);
    const [moved] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.id, other?.id ?? ''));
    expect(moved).toMatchObject({ status: 'failed', sealedBody: null });
  });
});
