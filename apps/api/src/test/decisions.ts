import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { announcements, properties } from '../db/schema/index';
import { localStore } from '../platform/storage/local';
import { decideAnnouncement, decideProperty } from '../modules/validation/validate';
import { testConfig } from './helpers';

/** The configured origin the tests' notices link to (config.publicOrigin of the tests' start). */
export const testOrigin = testConfig().publicOrigin;

type Verdict = { approve: true } | { approve: false; reason?: string };

/** An agent's decision on a property's current revision (for tests not about revisions). */
export async function decideCurrentProperty(db: Db, propertyId: string, verdict: Verdict) {
  const [row] = await db
    .select({ revision: properties.revision })
    .from(properties)
    .where(eq(properties.id, propertyId));
  return decideProperty(
    db,
    localStore(testConfig().dataDir),
    propertyId,
    { ...verdict, revision: row?.revision ?? 0 },
    testOrigin,
  );
}

/** An agent's decision on an announcement's current revision (for tests not about revisions). */
export async function decideCurrentAnnouncement(db: Db, announcementId: string, verdict: Verdict) {
  const [row] = await db
    .select({ revision: announcements.revision })
    .from(announcements)
    .where(eq(announcements.id, announcementId));
  return decideAnnouncement(db, announcementId, { ...verdict, revision: row?.revision ?? 0 }, testOrigin);
}
