import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema/index';
import { hashPassword } from '../../platform/passwords';

/**
 * Demo accounts for a local start only (README lists them). Users log in by phone with the one-time code
 * shown in the development outbox; the agent by e-mail and a password made at random on every local start
 * and printed in its log, never published (decision 027).
 */
export const demoAccounts = {
  owner: { phoneNumber: '+34600000001', countryCode: 'ES', name: 'Carmen', surname: 'Ruiz Ortega' },
  tenant: { phoneNumber: '+34600000002', countryCode: 'ES', name: 'Javier', surname: 'Moreno Sánchez' },
  agent: { email: 'agente@casaoferta.es', name: 'Marta', surname: 'Soporte' },
} as const;

/** Agents' addresses of the demo data: they log in only on a local start, never through a proxy. */
export const isDemoAgentEmail = (email: string): boolean => email.toLowerCase() === demoAccounts.agent.email;

/** A password nobody can know before the start log prints it. */
export const demoAgentPassword = (): string => randomBytes(12).toString('base64url');

/** A new password and its hash, being computed (scrypt, in libuv's threads, while the caller goes on). */
export interface NewDemoAgentPassword {
  password: string;
  hash: Promise<string>;
}

/**
 * Starts making a new password for the demo agent. The start calls it first and stores it last
 * (renewDemoAgentPassword): the hash, ~0.3 s of another core, is made while the database opens.
 */
export function newDemoAgentPassword(): NewDemoAgentPassword {
  const password = demoAgentPassword();
  const hash = hashPassword(password);
  // Awaited by renewDemoAgentPassword; a start that fails before that must not also report it unhandled.
  hash.catch(() => undefined);
  return { password, hash };
}

/**
 * A new password for the demo agent, when the database has it: the local start prints it. Null when there
 * is no demo agent (demo data off, or a database without it).
 */
export async function renewDemoAgentPassword(
  db: Db,
  { password, hash }: NewDemoAgentPassword = newDemoAgentPassword(),
): Promise<{ email: string; password: string } | null> {
  const updated = await db
    .update(users)
    .set({ passwordHash: await hash })
    .where(eq(sql`lower(${users.email})`, demoAccounts.agent.email))
    .returning({ id: users.id });
  return updated.length > 0 ? { email: demoAccounts.agent.email, password } : null;
}
