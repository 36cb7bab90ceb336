import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { AnnouncementStatus, OfferStatus } from '@casaoferta/domain/codes';
import { createAnnouncement, createOffer, createProperty, createUser } from '../../db/factories';
import { announcements, outbox, users } from '../../db/schema/index';
import { createSession } from '../../platform/auth';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';

let t: TestApp;
let agent: Awaited<ReturnType<typeof agentWithSession>>;
beforeAll(async () => {
  t = await createTestApp();
  agent = await agentWithSession(t.database.db, 'agent');
});
afterAll(() => t.close());

const send = (propertyId: string, token: string | null = agent.token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/agents/property/${propertyId}/send-contact-data`,
    headers: token ? bearer(token) : {},
  });
const messagesTo = (recipient: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.recipient, recipient));
const errorCode = (response: { json: <T>() => T }) =>
  response.json<{ errors: { code: string }[] }>().errors[0]?.code;

describe('POST /api/agents/property/:id/send-contact-data (SPEC 6 receive contact data)', () => {
  it('e-mails the agent the owner and every candidate in course, in full, even before the owner pays', async () => {
    const ownerEmail = `olga.${randomUUID()}@example.com`;
    const owner = await createUser(t.database.db, {
      name: 'Olga',
      surname: 'Martín Sanz',
      email: ownerEmail,
    });
    const { announcement, property } = await createAnnouncement(t.database.db, owner.id, { isPaid: false });
    const laura = await createUser(t.database.db, { name: 'Laura', surname: 'Zamora Gil' });
    const pedro = await createUser(t.database.db, { name: 'Pedro', surname: 'Ibáñez Roca' });
    const gone = await createUser(t.database.db, { name: 'Rita', surname: 'Retirada Sol' });
    await createOffer(t.database.db, announcement.id, laura.id, { amount: 1150 });
    await createOffer(t.database.db, announcement.id, pedro.id, { amount: 0, isVisitRequest: true });
    await createOffer(t.database.db, announcement.id, gone.id, {
      amount: 1300,
      statusCode: OfferStatus.Withdrawn,
    });

    const response = await send(property.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      propertyId: property.id,
      announcementId: announcement.id,
      sentTo: agent.agent.email,
      candidates: 2,
    });
    const [message, ...more] = await messagesTo(agent.agent.email ?? '');
    expect(more).toHaveLength(0);
    expect(message).toMatchObject({
      channel: 'email',
      subject: `Datos de contacto de «Piso luminoso en Madrid» (${property.reference})`,
    });
    const body = message?.body ?? '';
    expect(body).toContain(`Propietario: Olga Martín Sanz · ${owner.phoneNumber} · ${ownerEmail}`);
    expect(body).toContain('Candidatos (2):');
    expect(body).toMatch(
      new RegExp(
        `Laura Zamora Gil · \\${laura.phoneNumber} · sin correo confirmado · Oferta de 1\\.150 €/mes`,
      ),
    );
    expect(body).toContain(
      `Pedro Ibáñez Roca · ${pedro.phoneNumber} · sin correo confirmado · Solicitud de visita`,
    );
    expect(body).not.toContain('Rita');
    expect(body).toContain(`/property-detail/${property.id}`);
    // Only the agent hears of it: nothing to the owner or the candidates.
    for (const recipient of [ownerEmail, owner.phoneNumber, laura.phoneNumber, pedro.phoneNumber]) {
      expect(await messagesTo(recipient ?? ''), recipient ?? '').toHaveLength(0);
    }
  });

  it('names the newest announcement of the property, and says when it has no candidates', async () => {
    const owner = await createUser(t.database.db);
    const { property, announcement: old } = await createAnnouncement(t.database.db, owner.id, {
      statusCode: AnnouncementStatus.Withdrawn,
      createdAt: new Date(Date.now() - 3600_000),
    });
    await createOffer(t.database.db, old.id, (await createUser(t.database.db, { name: 'Viejo' })).id);
    const [newest] = await t.database.db
      .insert(announcements)
      .values({
        propertyId: property.id,
        ownerId: owner.id,
        typeCode: 'ATY002',
        statusCode: AnnouncementStatus.Draft,
        price: 900,
      })
      .returning();
    const response = await send(property.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ announcementId: newest?.id, candidates: 0 });
    const messages = await messagesTo(agent.agent.email ?? '');
    const body = messages.at(-1)?.body ?? '';
    expect(body).toContain('todavía no tiene candidatos');
    expect(body).not.toContain('Viejo');
  });

  it('answers 422 CONTACT_DATA_NO_ANNOUNCEMENT for a property without announcement, 404 for an unknown one', async () => {
    const owner = await createUser(t.database.db);
    const property = await createProperty(t.database.db, owner.id);
    const before = (await messagesTo(agent.agent.email ?? '')).length;
    const none = await send(property.id);
    expect(none.statusCode).toBe(422);
    expect(errorCode(none)).toBe('CONTACT_DATA_NO_ANNOUNCEMENT');
    const unknown = await send(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect((await send('no-es-un-id')).statusCode).toBe(400);
    expect(await messagesTo(agent.agent.email ?? '')).toHaveLength(before);
  });

  it('answers CONTACT_DATA_FAILED, sending nothing, when the agent has no address', async () => {
    const other = await agentWithSession(t.database.db, 'agent');
    await t.database.db.update(users).set({ email: null }).where(eq(users.id, other.agent.id));
    const owner = await createUser(t.database.db);
    const { property } = await createAnnouncement(t.database.db, owner.id);
    const response = await send(property.id, other.token);
    expect(response.statusCode).toBe(500);
    expect(errorCode(response)).toBe('CONTACT_DATA_FAILED');
  });

  it('is for agents: 401 visitor, 403 the owner, 403 an impersonation, 403 without the permission', async () => {
    const owner = await userWithSession(t.database.db);
    const { property } = await createAnnouncement(t.database.db, owner.user.id);
    expect((await send(property.id, null)).statusCode).toBe(401);
    expect((await send(property.id, owner.token)).statusCode).toBe(403);
    const asOwner = await createSession(t.database.db, {
      userId: owner.user.id,
      kind: 'impersonation',
      agentId: agent.agent.id,
    });
    expect((await send(property.id, asOwner.token)).statusCode).toBe(403);
    const noGrants = await createUser(t.database.db);
    const session = await createSession(t.database.db, { userId: noGrants.id, kind: 'agent' });
    expect((await send(property.id, session.token)).statusCode).toBe(403);
  });
});
