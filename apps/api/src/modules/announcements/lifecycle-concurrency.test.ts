import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createAnnouncement } from '../../db/factories';
import { announcements, properties } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';

let t: TestApp;
let owner: { token: string; user: { id: string } };
let agentToken: string;
beforeAll(async () => {
  t = await createTestApp();
  agentToken = (await agentWithSession(t.database.db, 'agent')).token;
  owner = await userWithSession(t.database.db);
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PUT', url: string, payload?: object, token = owner.token) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();
const states = async (announcementId: string) => {
  const [row] = await t.database.db
    .select({ announcement: announcements.statusCode, property: properties.validationStatus })
    .from(announcements)
    .innerJoin(properties, eq(properties.id, announcements.propertyId))
    .where(eq(announcements.id, announcementId));
  return row;
};
const many = <T>(n: number, request: () => Promise<T>) => Promise.all(Array.from({ length: n }, request));

/** Waits (polling, no clock) until some statement of this test's database waits for a row lock. */
async function someoneWaitsForALock() {
  for (let attempt = 0; attempt < 10_000; attempt += 1) {
    const result = await t.database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (((result as { rows: { n: number }[] }).rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('no statement ever waited for the lock');
}

describe('owner moves check the state inside the write', () => {
  it('withdraws once when the owner sends many withdrawals at the same time', async () => {
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id);
    const answers = await many(6, () => call('POST', `/api/announcement/${announcement.id}/withdraw`));
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await states(announcement.id)).toEqual({ announcement: 'AST005', property: 'PSG001' });
  });

  it('publishes a draft once when it is sent many times at the same time', async () => {
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id, {
      statusCode: 'AST000',
      publishedAt: null,
      endsAt: null,
    });
    const answers = await many(6, () => call('POST', `/api/announcement/${announcement.id}/publish`));
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await states(announcement.id)).toEqual({ announcement: 'AST002', property: 'PSG001' });
  });

  it('sends a rejected property and its announcement back to review once, together', async () => {
    const { announcement } = await createAnnouncement(
      t.database.db,
      owner.user.id,
      { statusCode: 'AST007', statusReason: 'Fotos borrosas', publishedAt: null, endsAt: null },
      { validationStatus: 'PSG004', validationReason: 'Dirección incompleta' },
    );
    const answers = await many(6, () => call('PUT', `/api/announcement/${announcement.id}/request-review`));
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await states(announcement.id)).toEqual({ announcement: 'AST002', property: 'PSG002' });
  });

  it.runIf(inject('postgresTemplate'))(
    'leaves the property rejected when its announcement moved while the review request waited',
    async () => {
      const { announcement } = await createAnnouncement(
        t.database.db,
        owner.user.id,
        { statusCode: 'AST007', statusReason: 'Fotos borrosas', publishedAt: null, endsAt: null },
        { validationStatus: 'PSG004', validationReason: 'Dirección incompleta' },
      );
      // Another session holds the announcement's row while the owner asks for a review, and moves it
      // out of AST007 before letting go: the owner's request must fail whole, property included.
      let review: ReturnType<typeof call> | undefined;
      await t.database.db.transaction(async (tx) => {
        await tx.select().from(announcements).where(eq(announcements.id, announcement.id)).for('update');
        review = call('PUT', `/api/announcement/${announcement.id}/request-review`);
        await someoneWaitsForALock();
        await tx
          .update(announcements)
          .set({ statusCode: 'AST005' })
          .where(eq(announcements.id, announcement.id));
      });
      expect((await review)?.statusCode).toBe(409);
      expect(await states(announcement.id)).toEqual({ announcement: 'AST005', property: 'PSG004' });
    },
  );
});

describe('editing an announcement checks its state inside the write', () => {
  it('either the agent approves what was reviewed, or the edit lands and the approval is outdated', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { announcement, property } = await createAnnouncement(t.database.db, owner.user.id, {
        statusCode: 'AST007',
        statusReason: 'Precio irreal',
        price: 1000,
        publishedAt: null,
        endsAt: null,
      });
      const edit = () =>
        call('PUT', `/api/announcement/${announcement.id}`, { propertyId: property.id, price: 1500 });
      const approve = () =>
        call(
          'POST',
          `/api/agents/announcement/${announcement.id}/validate`,
          { validate: true, revision: announcement.revision },
          agentToken,
        );
      const answers = await Promise.all(
        round % 2 === 0 ? [approve(), edit(), edit()] : [edit(), edit(), approve()],
      );
      const approved = answers[round % 2 === 0 ? 0 : 2];
      const edits = answers.filter((answer) => answer !== approved).map((answer) => answer.statusCode);
      const [row] = await t.database.db
        .select()
        .from(announcements)
        .where(eq(announcements.id, announcement.id));
      if (approved?.statusCode === 200) {
        // Published as reviewed; the edits came too late for a live announcement.
        expect(edits).toEqual([409, 409]);
        expect(row).toMatchObject({ statusCode: 'AST001', price: 1000 });
      } else {
        expect(approved?.json().errors[0].code).toBe('REVISION_OUTDATED');
        expect(edits).toEqual([200, 200]);
        expect(row).toMatchObject({ statusCode: 'AST007', price: 1500, revision: announcement.revision + 2 });
      }
    }
  });
});
