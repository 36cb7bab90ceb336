import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { AnnouncementStatus } from '@casaoferta/domain/codes';
import { createAnnouncement, createUser } from '../../db/factories';
import { announcements, sessions } from '../../db/schema/index';
import { createSession } from '../../platform/auth';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer } from '../../test/auth-helpers';

let t: TestApp;
let supervisor: string;
beforeAll(async () => {
  t = await createTestApp();
  supervisor = (await agentWithSession(t.database.db, 'supervisor')).token;
});
afterAll(() => t.close());

const block = (userId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/agents/users/black-list',
    headers: bearer(supervisor),
    payload: { userId, reason: 'Fraude' },
  });
const impersonate = (userId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authentication/agents/impersonate',
    headers: bearer(supervisor),
    payload: { userId, reason: 'Revisión de su cuenta' },
  });
/** The catalogue in Soria (province 42), where only this file's announcements are. */
const catalogueIds = async () =>
  (await t.app.inject({ method: 'POST', url: '/api/announcement/search', payload: { provinceCode: '42' } }))
    .json<{ data: { items: { id: string }[] } }>()
    .data.items.map((item) => item.id);
const statusesOf = async (ownerId: string) =>
  Object.fromEntries(
    (
      await t.database.db
        .select({ id: announcements.id, statusCode: announcements.statusCode })
        .from(announcements)
        .where(eq(announcements.ownerId, ownerId))
    ).map((row) => [row.id, row.statusCode]),
  );
const liveSessions = async (userId: string) =>
  t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

/** An owner with one announcement in each state, in Soria. */
async function ownerWithAnnouncements() {
  const owner = await createUser(t.database.db);
  const ids: Record<string, string> = {};
  for (const [name, statusCode] of Object.entries(AnnouncementStatus)) {
    const { announcement } = await createAnnouncement(
      t.database.db,
      owner.id,
      { statusCode, provinceCode: '42', municipalityCode: '42173' },
      { provinceCode: '42', municipalityCode: '42173' },
    );
    ids[name] = announcement.id;
  }
  return { owner, ids };
}

describe('blocking a user ends their announcements', () => {
  it('ends the live ones at once, so they leave the catalogue; the others keep their state, also after readmission', async () => {
    const { owner, ids } = await ownerWithAnnouncements();
    const bystander = await createUser(t.database.db);
    const { announcement: other } = await createAnnouncement(
      t.database.db,
      bystander.id,
      { provinceCode: '42', municipalityCode: '42173' },
      { provinceCode: '42', municipalityCode: '42173' },
    );
    expect(await catalogueIds()).toContain(ids.Validated);

    expect((await block(owner.id)).statusCode).toBe(200);

    const S = AnnouncementStatus;
    expect(await statusesOf(owner.id)).toEqual({
      [ids.Draft ?? '']: S.Draft,
      [ids.Validated ?? '']: S.Ended,
      [ids.PendingValidation ?? '']: S.Ended,
      [ids.BiddingClosed ?? '']: S.Ended,
      [ids.TenantSelected ?? '']: S.Ended,
      [ids.Withdrawn ?? '']: S.Withdrawn,
      [ids.Ended ?? '']: S.Ended,
      [ids.Rejected ?? '']: S.Rejected,
      [ids.Closed ?? '']: S.Closed,
    });
    expect(await catalogueIds()).toEqual([other.id]);

    const readmitted = await t.app.inject({
      method: 'PUT',
      url: '/api/agents/users/black-list',
      headers: bearer(supervisor),
      payload: { userId: owner.id },
    });
    expect(readmitted.statusCode).toBe(200);
    expect(await catalogueIds()).toEqual([other.id]);
  });

  it('gives the same result when two agents block the same user at once', async () => {
    const { owner, ids } = await ownerWithAnnouncements();
    for (let i = 0; i < 2; i++) await createSession(t.database.db, { userId: owner.id, kind: 'user' });
    expect(await liveSessions(owner.id)).toHaveLength(2);
    const answers = await Promise.all([block(owner.id), block(owner.id)]);
    expect(answers.map((res) => [res.statusCode, res.json()])).toEqual([
      [200, { data: { isBlocked: true } }],
      [200, { data: { isBlocked: true } }],
    ]);
    expect((await statusesOf(owner.id))[ids.Validated ?? '']).toBe(AnnouncementStatus.Ended);
    expect(await liveSessions(owner.id)).toEqual([]);
  });
});

describe('impersonating a blocked user', () => {
  it('is refused with 409 CANNOT_IMPERSONATE_BLOCKED, and no session is made', async () => {
    const user = await createUser(t.database.db, { isBlocked: true });
    const res = await impersonate(user.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe('CANNOT_IMPERSONATE_BLOCKED');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('leaves no live session when the block and the impersonation cross', async () => {
    const user = await createUser(t.database.db);
    const answers = await Promise.all([impersonate(user.id), block(user.id), impersonate(user.id)]);
    expect(answers[1]?.statusCode).toBe(200);
    for (const res of [answers[0], answers[2]]) expect([200, 409]).toContain(res?.statusCode);
    expect(await liveSessions(user.id)).toEqual([]);
  });
});
