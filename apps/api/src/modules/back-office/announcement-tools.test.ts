import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { AnnouncementStatus, OfferStatus } from '@casaoferta/domain/codes';
import { defaultNotificationSettings } from '@casaoferta/domain/schemas/user-settings';
import { createAnnouncement, createOffer, createUser } from '../../db/factories';
import { announcements, outbox } from '../../db/schema/index';
import { createSession } from '../../platform/auth';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';

const DAY = 24 * 3600_000;
let t: TestApp;
let agent: { agent: { id: string }; token: string };
beforeAll(async () => {
  t = await createTestApp();
  agent = await agentWithSession(t.database.db, 'agent');
});
afterAll(() => t.close());

const extend = (id: string, payload: object | undefined = {}, token: string | null = agent.token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/agents/announcement/${id}/extend-period`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload }),
  });
const endsAtOf = async (id: string) =>
  (await t.database.db.select().from(announcements).where(eq(announcements.id, id)))[0]?.endsAt ?? null;
const noticesTo = async (phone: string | null) =>
  t.database.db
    .select()
    .from(outbox)
    .where(
      and(eq(outbox.recipient, phone ?? ''), eq(outbox.subject, 'Hemos ampliado el plazo de tu anuncio')),
    );

describe('POST /api/agents/announcement/:id/extend-period', () => {
  it('adds the days to the end of publication and tells the owner', async () => {
    const owner = await createUser(t.database.db);
    const { announcement } = await createAnnouncement(t.database.db, owner.id);
    const before = announcement.endsAt?.getTime() ?? 0;
    const response = await extend(announcement.id, { days: 10 });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: { id: string; endsAt: string } }>();
    expect(data.id).toBe(announcement.id);
    expect(Date.parse(data.endsAt) - before).toBe(10 * DAY);
    expect((await endsAtOf(announcement.id))?.toISOString()).toBe(data.endsAt);
    const notices = await noticesTo(owner.phoneNumber);
    expect(notices.length).toBeGreaterThan(0);
    expect(notices[0]?.body).toContain('Piso luminoso en Madrid');
  });

  it('adds one period of the announcement’s own length by default, from now when it already ran out', async () => {
    const owner = await createUser(t.database.db);
    const { announcement } = await createAnnouncement(t.database.db, owner.id, {
      periodDays: 15,
      publishedAt: new Date(Date.now() - 40 * DAY),
    });
    expect((announcement.endsAt?.getTime() ?? 0) < Date.now()).toBe(true);
    const started = Date.now();
    const response = await extend(announcement.id, undefined);
    expect(response.statusCode).toBe(200);
    const endsAt = Date.parse(response.json<{ data: { endsAt: string } }>().data.endsAt);
    expect(endsAt).toBeGreaterThanOrEqual(started + 15 * DAY - 5_000);
    expect(endsAt).toBeLessThanOrEqual(Date.now() + 15 * DAY + 5_000);
  });

  it('answers 409 INVALID_STATE outside publication, and changes nothing', async () => {
    const owner = await createUser(t.database.db);
    for (const statusCode of Object.values(AnnouncementStatus)) {
      if (statusCode === AnnouncementStatus.Validated) continue;
      const { announcement } = await createAnnouncement(t.database.db, owner.id, { statusCode });
      const response = await extend(announcement.id, { days: 5 });
      expect(response.statusCode, statusCode).toBe(409);
      expect(response.json<{ errors: { code: string }[] }>().errors[0]?.code).toBe('INVALID_STATE');
      expect(await endsAtOf(announcement.id)).toEqual(announcement.endsAt);
    }
    expect(await noticesTo(owner.phoneNumber)).toHaveLength(0);
  });

  it('answers 404 for an unknown announcement and 400 for bad input', async () => {
    expect((await extend(randomUUID())).statusCode).toBe(404);
    const owner = await createUser(t.database.db);
    const { announcement } = await createAnnouncement(t.database.db, owner.id);
    for (const days of [0, 91, -3, 1.5, '7']) {
      expect((await extend(announcement.id, { days })).statusCode, String(days)).toBe(400);
    }
    expect((await extend('no-es-un-id')).statusCode).toBe(400);
    expect(await endsAtOf(announcement.id)).toEqual(announcement.endsAt);
  });

  it('refuses visitors (401), users (403), impersonations (403) and agents without the permission', async () => {
    const owner = await userWithSession(t.database.db);
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id);
    expect((await extend(announcement.id, {}, null)).statusCode).toBe(401);
    expect((await extend(announcement.id, {}, owner.token)).statusCode).toBe(403);
    const asOwner = await createSession(t.database.db, {
      userId: owner.user.id,
      kind: 'impersonation',
      agentId: agent.agent.id,
    });
    expect((await extend(announcement.id, {}, asOwner.token)).statusCode).toBe(403);
    const noGrants = await createUser(t.database.db);
    const session = await createSession(t.database.db, { userId: noGrants.id, kind: 'agent' });
    expect((await extend(announcement.id, {}, session.token)).statusCode).toBe(403);
    expect(await endsAtOf(announcement.id)).toEqual(announcement.endsAt);
  });

  it('adds up when many agents extend at once, and never extends once the announcement left publication', async () => {
    const owner = await createUser(t.database.db);
    const { announcement } = await createAnnouncement(t.database.db, owner.id);
    const before = announcement.endsAt?.getTime() ?? 0;
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => extend(announcement.id, { days: 2 })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const ends = responses.map((r) => Date.parse(r.json<{ data: { endsAt: string } }>().data.endsAt)).sort();
    // Each one saw the one before it: 2, 4, ... 16 days later, all different.
    expect(ends).toEqual(Array.from({ length: 8 }, (_, i) => before + (i + 1) * 2 * DAY));
    expect((await endsAtOf(announcement.id))?.getTime()).toBe(before + 16 * DAY);

    // The owner withdraws while agents extend: each extension is either before (200) or refused (409).
    const { announcement: racing } = await createAnnouncement(t.database.db, owner.id);
    const withdraw = t.database.db
      .update(announcements)
      .set({ statusCode: AnnouncementStatus.Withdrawn })
      .where(eq(announcements.id, racing.id));
    const [results] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => extend(racing.id, { days: 3 }))),
      withdraw,
    ]);
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect((await endsAtOf(racing.id))?.getTime()).toBe((racing.endsAt?.getTime() ?? 0) + ok * 3 * DAY);
  });
});

describe('POST /api/agents/announcement/:id/send-offers-email', () => {
  const send = (id: string, token: string | null = agent.token) =>
    t.app.inject({
      method: 'POST',
      url: `/api/agents/announcement/${id}/send-offers-email`,
      headers: token ? bearer(token) : {},
    });
  const summaryTo = async (email: string) =>
    t.database.db.select().from(outbox).where(eq(outbox.recipient, email));

  it('e-mails the owner the current offers, best first, amounts once unlocked, with the link', async () => {
    const email = `propietaria.${randomUUID()}@example.com`;
    const owner = await createUser(t.database.db, { email });
    const { announcement, property } = await createAnnouncement(t.database.db, owner.id, { isPaid: true });
    const verified = await createUser(t.database.db, { isVerified: true });
    await createOffer(t.database.db, announcement.id, verified.id, { amount: 1150 });
    await createOffer(t.database.db, announcement.id, (await createUser(t.database.db)).id, { amount: 1200 });
    await createOffer(t.database.db, announcement.id, (await createUser(t.database.db)).id, {
      amount: 1300,
      statusCode: OfferStatus.Withdrawn,
    });
    const response = await send(announcement.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id: announcement.id, sentTo: email, offers: 2 });
    const [message, ...more] = await summaryTo(email);
    expect(more).toHaveLength(0);
    expect(message).toMatchObject({
      channel: 'email',
      subject: 'Resumen de ofertas de «Piso luminoso en Madrid»',
    });
    expect(message?.body).toContain('tiene 2 ofertas en curso');
    expect(message?.body).toMatch(/1\. 1\.200 €\/mes · .*\n2\. 1\.150 €\/mes · .* · candidato verificado/);
    expect(message?.body).not.toContain('1.300');
    expect(message?.body).toContain(`/property/${property.id}/offers`);
  });

  it('keeps the amounts hidden while the announcement is locked', async () => {
    const email = `propietario.${randomUUID()}@example.com`;
    const owner = await createUser(t.database.db, { email });
    const { announcement } = await createAnnouncement(t.database.db, owner.id, { isPaid: false });
    await createOffer(t.database.db, announcement.id, (await createUser(t.database.db)).id, { amount: 1100 });
    const verified = await createUser(t.database.db, { isVerified: true });
    await createOffer(t.database.db, announcement.id, verified.id, { amount: 980 });
    expect((await send(announcement.id)).statusCode).toBe(200);
    const [message] = await summaryTo(email);
    // Newest first: not even the order tells which amount is higher (decision 026).
    expect(message?.body).toMatch(
      /1\. Importe oculto hasta que desbloquees el anuncio · .* · candidato verificado\n2\. Importe oculto hasta que desbloquees el anuncio · [^\n]*$/m,
    );
    expect(message?.body).not.toContain('980');
    expect(message?.body).not.toContain('1.100');
  });

  it('answers 409 OWNER_NO_EMAIL, sending nothing, without a confirmed address or with e-mail offers off', async () => {
    const noEmail = await createUser(t.database.db);
    const a = await createAnnouncement(t.database.db, noEmail.id);
    const refused = await send(a.announcement.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].code).toBe('OWNER_NO_EMAIL');
    const email = `sinavisos.${randomUUID()}@example.com`;
    const off = await createUser(t.database.db, {
      email,
      notificationSettings: {
        ...defaultNotificationSettings,
        offers: { email: false, sms: true, whatsapp: true },
      },
    });
    const b = await createAnnouncement(t.database.db, off.id);
    expect((await send(b.announcement.id)).statusCode).toBe(409);
    expect(await summaryTo(email)).toHaveLength(0);
  });

  it('is for agents: 401 visitor, 403 user, 404 unknown announcement', async () => {
    const owner = await createUser(t.database.db, { email: `x.${randomUUID()}@example.com` });
    const { announcement } = await createAnnouncement(t.database.db, owner.id);
    expect((await send(announcement.id, null)).statusCode).toBe(401);
    expect((await send(announcement.id, (await userWithSession(t.database.db)).token)).statusCode).toBe(403);
    expect((await send(randomUUID())).statusCode).toBe(404);
  });
});

describe('POST /api/agents/announcement/:id/mark-paid', () => {
  const markPaid = (id: string, token: string | null = agent.token) =>
    t.app.inject({
      method: 'POST',
      url: `/api/agents/announcement/${id}/mark-paid`,
      headers: token ? bearer(token) : {},
    });

  it('unlocks as a payment would: the owner sees the amounts; the agent is recorded and the owner told', async () => {
    const owner = await createUser(t.database.db);
    const ownerToken = (await createSession(t.database.db, { userId: owner.id, kind: 'user' })).token;
    const { announcement } = await createAnnouncement(t.database.db, owner.id, { isPaid: false });
    await createOffer(t.database.db, announcement.id, (await createUser(t.database.db)).id, { amount: 1080 });
    const ownerView = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/announcement/${announcement.id}/offers`,
          headers: bearer(ownerToken),
        })
      ).json().data.offers[0].amount as number | null;
    expect(await ownerView()).toBeNull();

    const response = await markPaid(announcement.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: announcement.id, isPaid: true });
    expect(await ownerView()).toBe(1080);
    const [row] = await t.database.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, announcement.id));
    expect(row).toMatchObject({ isPaid: true, paidByAgentId: agent.agent.id });
    expect(row?.paidAt).toBeInstanceOf(Date);
    const told = await t.database.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.recipient, owner.phoneNumber ?? ''),
          eq(outbox.subject, 'Tu anuncio está desbloqueado'),
        ),
      );
    expect(told.length).toBeGreaterThan(0);
  });

  it('unlocks once when many agents press at once; the others get 409', async () => {
    const owner = await createUser(t.database.db);
    const { announcement } = await createAnnouncement(t.database.db, owner.id, { isPaid: false });
    const answers = await Promise.all(Array.from({ length: 8 }, () => markPaid(announcement.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(7).fill(409)]);
    expect(answers.find((a) => a.statusCode === 409)?.json().errors[0].code).toBe('INVALID_STATE');
  });

  it('is for agents with the permission: 401 visitor, 403 user, 404 unknown', async () => {
    const owner = await createUser(t.database.db);
    const { announcement } = await createAnnouncement(t.database.db, owner.id, { isPaid: false });
    expect((await markPaid(announcement.id, null)).statusCode).toBe(401);
    expect((await markPaid(announcement.id, (await userWithSession(t.database.db)).token)).statusCode).toBe(
      403,
    );
    expect((await markPaid(randomUUID())).statusCode).toBe(404);
  });
});
