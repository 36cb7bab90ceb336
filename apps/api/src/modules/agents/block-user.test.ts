import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { AnnouncementStatus, OfferStatus } from '@casaoferta/domain/codes';
import { createAnnouncement, createOffer, createUser } from '../../db/factories';
import { announcements, offers, outbox, sessions } from '../../db/schema/index';
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

describe('blocking tells the other parties (SPEC 4.6)', () => {
  const subjectsTo = async (phone: string | null) =>
    (
      await t.database.db
        .select({ subject: outbox.subject, channel: outbox.channel, body: outbox.body })
        .from(outbox)
        .where(eq(outbox.recipient, phone ?? ''))
    ).map((row) => {
      // One message per event, on one channel: WhatsApp, the default settings' first (issue 23).
      expect(row.channel).toBe('whatsapp');
      return row;
    });

  it('tells the owners whose offers were withdrawn and the candidates whose offers ended', async () => {
    const blocked = await createUser(t.database.db);
    const [owner1, owner2, candidate] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await createUser(t.database.db),
    ];
    const { announcement: bidding } = await createAnnouncement(t.database.db, owner1.id, {
      customTitle: 'Ático con terraza',
    });
    const { announcement: chosen } = await createAnnouncement(t.database.db, owner2.id, {
      customTitle: 'Casa con jardín',
      statusCode: AnnouncementStatus.TenantSelected,
    });
    const { announcement: own } = await createAnnouncement(t.database.db, blocked.id, {
      customTitle: 'Estudio céntrico',
    });
    const sent = await createOffer(t.database.db, bidding.id, blocked.id);
    const other = await createOffer(t.database.db, bidding.id, candidate.id);
    const selected = await createOffer(t.database.db, chosen.id, blocked.id, {
      statusCode: OfferStatus.Selected,
    });
    const onOwn = await createOffer(t.database.db, own.id, candidate.id);

    expect((await block(blocked.id)).statusCode).toBe(200);

    const statusOf = async (id: string) =>
      (await t.database.db.select().from(offers).where(eq(offers.id, id)))[0]?.statusCode;
    expect(await statusOf(sent.id)).toBe(OfferStatus.Withdrawn);
    expect(await statusOf(selected.id)).toBe(OfferStatus.Withdrawn);
    expect(await statusOf(onOwn.id)).toBe(OfferStatus.Ended);
    expect(await statusOf(other.id)).toBe(OfferStatus.Sent);

    const toOwner1 = await subjectsTo(owner1.phoneNumber);
    expect(toOwner1.map((n) => n.subject)).toEqual(['Se ha retirado una oferta de tu anuncio']);
    expect(toOwner1[0]?.body).toContain('Ático con terraza');
    const toOwner2 = await subjectsTo(owner2.phoneNumber);
    expect(toOwner2.map((n) => n.subject)).toEqual(['El candidato elegido ya no está disponible']);
    expect(toOwner2[0]?.body).toContain('Casa con jardín');
    const toCandidate = await subjectsTo(candidate.phoneNumber);
    expect(toCandidate.map((n) => n.subject)).toEqual(['El anuncio ya no está disponible']);
    expect(toCandidate[0]?.body).toContain('Estudio céntrico');
    expect(await subjectsTo(blocked.phoneNumber)).toEqual([]);
  });

  it('tells nobody when the block is refused', async () => {
    const owner = await createUser(t.database.db);
    const { announcement } = await createAnnouncement(t.database.db, owner.id);
    const { agent } = await agentWithSession(t.database.db, 'agent');
    await createOffer(t.database.db, announcement.id, agent.id);
    expect((await block(agent.id)).statusCode).toBe(403);
    expect(await subjectsTo(owner.phoneNumber)).toEqual([]);
  });
});
