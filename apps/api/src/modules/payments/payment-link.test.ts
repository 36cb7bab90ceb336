import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAnnouncement } from '../../db/factories';
import { outbox } from '../../db/schema/index';
import { SandboxProvider } from '../../platform/payments/sandbox';
import { publicAt, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import { errorCode, paymentTestApp } from './payment-test-support';

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithSession>>;
let agentToken: string;
beforeAll(async () => {
  t = await paymentTestApp(new SandboxProvider(), {}, publicAt('https://casaoferta.example'));
  owner = await userWithSession(t.database.db, { name: 'Olga', surname: 'Dueña' });
  agentToken = (await agentWithSession(t.database.db, 'supervisor')).token;
});
afterAll(() => t.close());

const db = () => t.database.db;
const send = (payload: object, token: string | null = agentToken) =>
  t.app.inject({
    method: 'POST',
    url: '/api/crm/whatsapp/agent/payment-announcement',
    headers: token ? bearer(token) : {},
    payload,
  });
const whatsappTo = (phone: string | null) =>
  db()
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, phone ?? '-'));

describe('POST /api/crm/whatsapp/agent/payment-announcement', () => {
  it('queues a WhatsApp message to the owner with the payment summary’s link', async () => {
    const { announcement, property } = await createAnnouncement(db(), owner.user.id);
    const response = await send({ announcementId: announcement.id, userId: owner.user.id });
    expect(response.statusCode).toBe(200);
    const link = `https://casaoferta.example/property/${announcement.id}/offers/payment/${property.id}`;
    expect(response.json()).toEqual({
      data: { announcementId: announcement.id, sentTo: owner.user.phoneNumber, link },
    });
    const messages = await whatsappTo(owner.user.phoneNumber);
    expect(messages.map((m) => [m.channel, m.subject])).toContainEqual([
      'whatsapp',
      'Enlace de pago de tu anuncio',
    ]);
    expect(messages.find((m) => m.channel === 'whatsapp')?.body).toContain(link);
  });

  it('refuses a paid announcement (409), another user’s (404), and people who are not agents', async () => {
    const paid = (await createAnnouncement(db(), owner.user.id, { isPaid: true, paidAt: new Date() }))
      .announcement;
    const response = await send({ announcementId: paid.id, userId: owner.user.id });
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe('ALREADY_PAID');
    const { announcement } = await createAnnouncement(db(), owner.user.id);
    expect((await send({ announcementId: announcement.id, userId: randomUUID() })).statusCode).toBe(404);
    expect(
      (await send({ announcementId: announcement.id, userId: owner.user.id }, owner.token)).statusCode,
    ).toBe(403);
    expect((await send({ announcementId: announcement.id, userId: owner.user.id }, null)).statusCode).toBe(
      401,
    );
    expect((await send({ announcementId: 'x', userId: owner.user.id })).statusCode).toBe(400);
  });

  it('says when the owner has no phone to send it to (409)', async () => {
    const noPhone = await userWithSession(db(), { name: 'Sin', surname: 'Teléfono', phoneNumber: null });
    const { announcement } = await createAnnouncement(db(), noPhone.user.id);
    const response = await send({ announcementId: announcement.id, userId: noPhone.user.id });
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe('OWNER_NO_PHONE');
  });
});
