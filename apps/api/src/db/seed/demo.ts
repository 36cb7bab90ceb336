import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { createAgent, createUser, ensureRoles } from '../factories';
import { users } from '../schema/index';
import { prepareDemoPhotos } from './demo-photos';
import { seedDemoCatalogue } from './demo-catalogue';

/**
 * Demo accounts for development only (README lists them). Users log in by phone with the one-time code
 * shown in the dev outbox; the agent by e-mail and password.
 */
export const demoAccounts = {
  owner: { phoneNumber: '+34600000001', countryCode: 'ES', name: 'Carmen', surname: 'Ruiz Ortega' },
  tenant: { phoneNumber: '+34600000002', countryCode: 'ES', name: 'Javier', surname: 'Moreno Sánchez' },
  agent: { email: 'agente@casaoferta.es', password: 'casaoferta-demo', name: 'Marta', surname: 'Soporte' },
} as const;

export async function seedDemo(
  db: Db,
  media: { mediaRoot: string; photosDir: string },
): Promise<{ users: number; announcements: number }> {
  await ensureRoles(db);
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoAccounts.agent.email));
  if (existing.length > 0) return { users: 0, announcements: 0 };
  const owner = await createUser(db, { ...demoAccounts.owner, isVerified: true });
  const tenant = await createUser(db, { ...demoAccounts.tenant });
  await createAgent(db, { ...demoAccounts.agent, role: 'supervisor' });
  const photos = await prepareDemoPhotos(media.mediaRoot, media.photosDir);
  const catalogue = await seedDemoCatalogue(db, { photos, demoOwnerId: owner.id, demoTenantId: tenant.id });
  return { users: 3, announcements: catalogue.announcements };
}
