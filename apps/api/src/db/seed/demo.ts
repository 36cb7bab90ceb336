import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { createAgent, createUser, ensureRoles } from '../factories';
import { users } from '../schema/index';

/**
 * Demo accounts for development only (README lists them). Users log in by phone with the one-time code
 * shown in the dev outbox; the agent by e-mail and password.
 */
export const demoAccounts = {
  owner: { phoneNumber: '+34600000001', countryCode: 'ES', name: 'Carmen', surname: 'Ruiz Ortega' },
  tenant: { phoneNumber: '+34600000002', countryCode: 'ES', name: 'Javier', surname: 'Moreno Sánchez' },
  agent: { email: 'agente@casaoferta.es', password: 'casaoferta-demo', name: 'Marta', surname: 'Soporte' },
} as const;

export async function seedDemo(db: Db): Promise<{ users: number }> {
  await ensureRoles(db);
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoAccounts.agent.email));
  if (existing.length > 0) return { users: 0 };
  await createUser(db, { ...demoAccounts.owner, isVerified: true });
  await createUser(db, { ...demoAccounts.tenant });
  await createAgent(db, { ...demoAccounts.agent, role: 'supervisor' });
  return { users: 3 };
}
