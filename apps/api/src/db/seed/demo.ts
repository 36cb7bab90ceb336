import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { createAgent, createUser, ensureRoles } from '../factories';
import { users } from '../schema/index';
import { prepareDemoPhotos } from './demo-photos';
import { seedDemoCatalogue } from './demo-catalogue';
import { demoAccounts, demoAgentPassword } from './demo-accounts';
import type { ObjectStore } from '../../platform/storage/index';

export { demoAccounts };

export async function seedDemo(
  db: Db,
  media: { store: ObjectStore; photosDir: string },
): Promise<{ users: number; announcements: number }> {
  await ensureRoles(db);
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoAccounts.agent.email));
  if (existing.length > 0) return { users: 0, announcements: 0 };
  const owner = await createUser(db, { ...demoAccounts.owner, isVerified: true });
  const tenant = await createUser(db, { ...demoAccounts.tenant });
  await createAgent(db, { ...demoAccounts.agent, password: demoAgentPassword(), role: 'supervisor' });
  const photos = await prepareDemoPhotos(media.store, media.photosDir);
  const catalogue = await seedDemoCatalogue(db, { photos, demoOwnerId: owner.id, demoTenantId: tenant.id });
  return { users: 3, announcements: catalogue.announcements };
}
