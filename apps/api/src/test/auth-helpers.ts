import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { createAgent, createUser, randomSpanishMobile } from '../db/factories';
import { outbox } from '../db/schema/index';
import { createSession } from '../platform/auth';
import { readableBody } from '../platform/outbox';
import { secretKeysOf } from '../modules/documents/vault';
import { testConfig } from './helpers';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The keys a test app seals one-time codes with (its DATA_DIR's generated documents key). */
export const testSecretKeys = () => secretKeysOf(testConfig());

/**
 * The last code the outbox holds for a phone (what a person reads on their phone): the stored body has
 * it redacted, so it is read from the sealed text, opened with the test apps' keys.
 */
export async function lastCode(db: Db, phoneNumber: string): Promise<string> {
  const [message] = await db
    .select({ id: outbox.id, body: outbox.body, sealedBody: outbox.sealedBody })
    .from(outbox)
    .where(and(eq(outbox.recipient, phoneNumber), eq(outbox.channel, 'sms')))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const body = message && readableBody(await testSecretKeys(), message);
  const code = body?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phoneNumber}`);
  return code;
}

/** The whole phone login through the API: send, read the code, verify, authenticate (registering). */
export async function loginByPhone(app: FastifyInstance, db: Db, phoneNumber = randomSpanishMobile()) {
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
  const sent = await post('/api/authentication/users/generate-otp-code', { phoneNumber });
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.body}`);
  const verified = await post('/api/authentication/users/verify', {
    phoneNumber,
    code: await lastCode(db, phoneNumber),
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  const { verificationToken } = verified.json<{ data: { verificationToken: string } }>().data;
  const auth = await post('/api/authentication/users/authenticate', {
    verificationToken,
    name: 'Ana',
    surname: 'López Díaz',
    acceptPrivacyPolicy: true,
  });
  if (auth.statusCode !== 200) throw new Error(`authenticate failed: ${auth.body}`);
  return auth.json<{ data: { token: string; user: { id: string } } }>().data;
}

/** A user with a session made directly (fast path for tests that are not about login). */
export async function userWithSession(db: Db, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, overrides);
  const { token } = await createSession(db, { userId: user.id, kind: 'user' });
  return { user, token };
}

let agentCount = 0;
export async function agentWithSession(db: Db, role: 'agent' | 'supervisor' = 'supervisor') {
  agentCount += 1;
  const agent = await createAgent(db, {
    email: `agente${agentCount}-${Date.now()}@casaoferta.test`,
    password: 'contraseña-segura',
    role,
    name: 'Agente',
    surname: `Prueba ${agentCount}`,
  });
  const { token } = await createSession(db, { userId: agent.id, kind: 'agent' });
  return { agent, token };
}
