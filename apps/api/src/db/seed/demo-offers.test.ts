import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { householdPeople, offers, users } from '../schema/index';
import { createTestDatabase } from '../../test/helpers';
import { seedDemo, demoAccounts } from './demo';
import { localStore } from '../../platform/storage/local';

const mediaRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-demo-offers-'));
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db, { store: localStore(mediaRoot), photosDir: path.join(mediaRoot, 'sin-fotos') });
});
afterAll(async () => {
  await database.close();
  fs.rmSync(mediaRoot, { recursive: true, force: true });
});

describe('the demo catalogue’s offers', () => {
  it('are real rows, and every announcement’s highest offer and count are what they say', async () => {
    const mismatches = await database.db.execute(sql`
      select a.id from announcements a
      where a.highest_offer is distinct from (
          select max(o.amount) from offers o
          where o.announcement_id = a.id and o.status_code in ('OSC001', 'OSC002') and not o.is_visit_request)
        or a.offers_count <> (
          select count(*) from offers o where o.announcement_id = a.id and o.status_code in ('OSC001', 'OSC002'))`);
    expect((mismatches as { rows: unknown[] }).rows).toEqual([]);
    const [{ count } = { count: 0 }] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(offers);
    expect(count).toBeGreaterThan(50);
  });

  it('give the demo tenant offers of their own to follow', async () => {
    const mine = await database.db
      .select({ id: offers.id })
      .from(offers)
      .innerJoin(users, eq(users.id, offers.candidateId))
      .where(eq(users.phoneNumber, demoAccounts.tenant.phoneNumber));
    expect(mine.length).toBeGreaterThan(0);
  });

  it('give some candidates a complete solvency profile, with a co-holder and a guarantor among them', async () => {
    const roles = await database.db
      .select({ role: householdPeople.role, count: sql<number>`count(*)::int` })
      .from(householdPeople)
      .groupBy(householdPeople.role);
    expect(Object.fromEntries(roles.map((row) => [row.role, row.count]))).toEqual({
      tenant: 5,
      co_holder: 1,
      guarantor: 1,
    });
    const [{ completed } = { completed: 0 }] = await database.db
      .select({ completed: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.hasProfileCompleted, true));
    expect(completed).toBe(5);
  });
});
