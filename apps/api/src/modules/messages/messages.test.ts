import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  conversationEvent,
  type Conversation,
  type ConversationEvent,
} from '@casaoferta/domain/schemas/messages';
import { createAnnouncement, createOffer } from '../../db/factories';
import { announcements, auditLog, conversations, messages, outbox, users } from '../../db/schema/index';
import { createSession } from '../../platform/auth';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/helpers';
import { notifyUnreadMessages } from './unread-notices';

/**
 * Conversations per offer (issue 27 point 1, decision 038) through the API, on PGlite and, with
 * TEST_DB_KIND=postgres, on PostgreSQL; the live part against a real listening server.
 */

let t: TestApp;
let base: string;
type Person = Awaited<ReturnType<typeof userWithSession>>;
let owner: Person;
let candidate: Person;
let stranger: Person;
let otherOwner: Person;
let agent: Awaited<ReturnType<typeof agentWithSession>>;

const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await userWithSession(db(), { name: 'Olga', surname: 'Dueñas Ribera' });
  candidate = await userWithSession(db(), { name: 'Laura', surname: 'García Pérez' });
  stranger = await userWithSession(db(), { name: 'Sara', surname: 'Curiosa' });
  otherOwner = await userWithSession(db(), { name: 'Bruno', surname: 'Propietario' });
  await createAnnouncement(db(), otherOwner.user.id);
  agent = await agentWithSession(db(), 'supervisor');
}, 60_000);
afterAll(() => t.close());

/** A fresh live rental of the owner with the candidate's sent offer. */
async function anOffer(isPaid = false) {
  // Each case starts with the people's message budgets whole (the limit has its own case).
  await freshBudgets();
  const { announcement } = await createAnnouncement(db(), owner.user.id, { isPaid });
  const offer = await createOffer(db(), announcement.id, candidate.user.id);
  return { announcementId: announcement.id, offerId: offer.id };
}

const freshBudgets = () => db().execute(sql`delete from rate_limits where key like 'messages:%'`);

const send = (offerId: string, token: string, text: string, id: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/offer/${offerId}/messages`,
    headers: bearer(token),
    payload: { id, text },
  });

const read = async (offerId: string, token: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/offer/${offerId}/conversation`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Conversation }>().data;
};

const stored = async (offerId: string) =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(eq(messages.offerId, offerId))
  )[0]?.n;

const errorCode = (body: string) => (JSON.parse(body) as { errors: { code: string }[] }).errors[0]?.code;

describe('a conversation per offer', () => {
  it('candidate and owner write and read; the other side’s name is the first name until paid', async () => {
    const { offerId } = await anOffer();
    const first = await send(offerId, candidate.token, '  Hola, ¿sigue disponible el piso?  ');
    expect(first.statusCode).toBe(201);
    expect(first.json<{ data: { text: string; mine: boolean } }>().data).toMatchObject({
      text: 'Hola, ¿sigue disponible el piso?',
      mine: true,
    });
    expect((await send(offerId, owner.token, 'Sí, ¿cuándo quieres verlo?')).statusCode).toBe(201);
    const asOwner = await read(offerId, owner.token);
    expect(asOwner.role).toBe('owner');
    expect(asOwner.otherName).toBe('Laura');
    expect(asOwner.messages.map((m) => [m.mine, m.text])).toEqual([
      [false, 'Hola, ¿sigue disponible el piso?'],
      [true, 'Sí, ¿cuándo quieres verlo?'],
    ]);
    const asCandidate = await read(offerId, candidate.token);
    expect(asCandidate.role).toBe('candidate');
    expect(asCandidate.otherName).toBe('Olga');
    expect(JSON.stringify(asCandidate)).not.toContain('Dueñas');
    expect(JSON.stringify(asOwner)).not.toContain('García');
  });

  it('masks phones, e-mail addresses, links and surnames for both readers until paid, then shows them', async () => {
    const { announcementId, offerId } = await anOffer();
    const text =
      'Soy Laura García, llámame al 6 1 2 - 3 4 5 - 6 7 8 o escribe a laura@example.com o wa.me/34612345678';
    expect((await send(offerId, candidate.token, text)).statusCode).toBe(201);
    for (const token of [owner.token, candidate.token]) {
      const [m] = (await read(offerId, token)).messages;
      expect(m?.text).toBe(
        'Soy Laura [apellido oculto], llámame al [teléfono oculto] o escribe a [e-mail oculto] o [enlace oculto]',
      );
      expect(m?.masked).toBe(true);
    }
    // The stored text is as written: once paid, it shows.
    await db().update(announcements).set({ isPaid: true }).where(eq(announcements.id, announcementId));
    const paid = await read(offerId, owner.token);
    expect(paid.messages[0]?.text).toBe(text);
    expect(paid.otherName).toBe('Laura García Pérez');
    expect(paid.unlocked).toBe(true);
  });

  it('refuses bad input with a clear 400 and stores nothing', async () => {
    const { offerId } = await anOffer();
    const cases: [unknown, string][] = [
      [{ id: randomUUID(), text: '' }, 'MESSAGE_EMPTY'],
      [{ id: randomUUID(), text: ' \n\t ' }, 'MESSAGE_EMPTY'],
      [{ id: randomUUID(), text: 'x'.repeat(2_001) }, 'MESSAGE_TOO_LONG'],
      [{ id: randomUUID(), text: 'hola\u0007' }, 'MESSAGE_INVALID_CHARACTERS'],
      [{ id: randomUUID(), text: 'hola \u202Eodnum' }, 'MESSAGE_INVALID_CHARACTERS'],
      [{ id: randomUUID(), text: 'nul \u0000' }, 'INVALID_INPUT'],
      [{ id: 'no-uuid', text: 'hola' }, 'INVALID_INPUT'],
      [{ text: 'hola' }, 'INVALID_INPUT'],
      [{ id: randomUUID(), text: 42 }, 'INVALID_INPUT'],
      [{ id: randomUUID(), text: 'y'.repeat(9_000) }, 'INVALID_INPUT'],
    ];
    for (const [payload, code] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/offer/${offerId}/messages`,
        headers: bearer(candidate.token),
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(errorCode(response.body)).toBe(code);
    }
    expect((await send(offerId, candidate.token, 'ñ'.repeat(2_000))).statusCode).toBe(201);
    expect(await stored(offerId)).toBe(1);
  });

  it('a retry with the same id stores nothing twice; the id with another text is refused', async () => {
    const { offerId } = await anOffer();
    const id = randomUUID();
    expect((await send(offerId, candidate.token, 'Una vez', id)).statusCode).toBe(201);
    const again = await Promise.all([1, 2, 3].map(() => send(offerId, candidate.token, 'Una vez', id)));
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const other = await send(offerId, candidate.token, 'Otro texto', id);
    expect(other.statusCode).toBe(409);
    expect(errorCode(other.body)).toBe('MESSAGE_ID_REUSED');
    expect(await stored(offerId)).toBe(1);
  });

  it('nobody else reads or writes: a third user, another owner, a visitor, an agent on their own session', async () => {
    const { offerId } = await anOffer();
    await send(offerId, candidate.token, 'Hola');
    for (const token of [stranger.token, otherOwner.token]) {
      const get = await t.app.inject({
        method: 'GET',
        url: `/api/offer/${offerId}/conversation`,
        headers: bearer(token),
      });
      expect(get.statusCode).toBe(404);
      expect((await send(offerId, token, 'Intruso')).statusCode).toBe(404);
      for (const [method, url, payload] of [
        ['PUT', 'conversation/read', { lastMessageId: 1 }],
        ['POST', 'conversation/report', { reason: 'spam' }],
      ] as const) {
        const response = await t.app.inject({
          method,
          url: `/api/offer/${offerId}/${url}`,
          headers: bearer(token),
          payload,
        });
        expect(response.statusCode).toBe(404);
      }
      const events = await t.app.inject({
        method: 'GET',
        url: `/api/offer/${offerId}/conversation/events`,
        headers: bearer(token),
      });
      expect(events.statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/offer/${offerId}/conversation` })).statusCode,
    ).toBe(401);
    const asAgent = await t.app.inject({
      method: 'GET',
      url: `/api/offer/${offerId}/conversation`,
      headers: bearer(agent.token),
    });
    expect(asAgent.statusCode).toBe(403);
    expect(await stored(offerId)).toBe(1);
  });

  it('an agent acting as the owner reads (audited) but cannot write, mark read or report', async () => {
    const { offerId } = await anOffer();
    await send(offerId, candidate.token, 'Hola');
    const asOwner = await createSession(db(), {
      userId: owner.user.id,
      kind: 'impersonation',
      agentId: agent.agent.id,
      reason: 'Soporte: revisar conversación',
    });
    const get = await t.app.inject({
      method: 'GET',
      url: `/api/offer/${offerId}/conversation`,
      headers: bearer(asOwner.token),
    });
    expect(get.statusCode).toBe(200);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.agentId, agent.agent.id), eq(auditLog.path, `/api/offer/${offerId}/conversation`)),
      );
    expect(audited).toHaveLength(1);
    const post = await send(offerId, asOwner.token, 'Escrito por el agente');
    expect(post.statusCode).toBe(403);
    expect(errorCode(post.body)).toBe('FORBIDDEN');
    const mark = await t.app.inject({
      method: 'PUT',
      url: `/api/offer/${offerId}/conversation/read`,
      headers: bearer(asOwner.token),
      payload: { lastMessageId: 1 },
    });
    expect(mark.statusCode).toBe(403);
    expect(await stored(offerId)).toBe(1);
  });

  it('a blocked user cannot post; nobody can post to a blocked user', async () => {
    const blockedCandidate = await userWithSession(db(), { name: 'Blas', surname: 'Bloqueado' });
    const { announcement } = await createAnnouncement(db(), owner.user.id);
    const offer = await createOffer(db(), announcement.id, blockedCandidate.user.id);
    expect((await send(offer.id, blockedCandidate.token, 'Antes del bloqueo')).statusCode).toBe(201);
    await db().update(users).set({ isBlocked: true }).where(eq(users.id, blockedCandidate.user.id));
    expect((await send(offer.id, blockedCandidate.token, 'Después')).statusCode).toBe(401);
    const toBlocked = await send(offer.id, owner.token, 'Hola');
    expect(toBlocked.statusCode).toBe(409);
    expect(errorCode(toBlocked.body)).toBe('CONVERSATION_CLOSED');
    expect((await read(offer.id, owner.token)).canWrite).toBe(false);
    expect(await stored(offer.id)).toBe(1);
  });

  it('read receipts and unread counts', async () => {
    const { offerId } = await anOffer();
    const before = (
      await (
        await t.app.inject({ method: 'GET', url: '/api/messages/unread', headers: bearer(owner.token) })
      ).json<{ data: { total: number } }>()
    ).data.total;
    await send(offerId, candidate.token, 'Uno');
    const second = (await send(offerId, candidate.token, 'Dos')).json<{ data: { id: number } }>().data;
    const unread = await t.app.inject({
      method: 'GET',
      url: '/api/messages/unread',
      headers: bearer(owner.token),
    });
    const counts = unread.json<{ data: { total: number; offers: { offerId: string; unread: number }[] } }>()
      .data;
    expect(counts.total).toBe(before + 2);
    expect(counts.offers).toContainEqual({ offerId, role: 'owner', unread: 2 });
    expect((await read(offerId, owner.token)).unread).toBe(2);
    expect((await read(offerId, candidate.token)).messages.map((m) => m.seen)).toEqual([false, false]);
    const mark = await t.app.inject({
      method: 'PUT',
      url: `/api/offer/${offerId}/conversation/read`,
      headers: bearer(owner.token),
      payload: { lastMessageId: second.id + 1_000 },
    });
    expect(mark.json<{ data: { lastReadId: number } }>().data.lastReadId).toBe(second.id);
    expect((await read(offerId, candidate.token)).messages.map((m) => m.seen)).toEqual([true, true]);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/messages/unread',
      headers: bearer(owner.token),
    });
    expect(
      after.json<{ data: { offers: { offerId: string }[] } }>().data.offers.map((o) => o.offerId),
    ).not.toContain(offerId);
    // Never backwards.
    const back = await t.app.inject({
      method: 'PUT',
      url: `/api/offer/${offerId}/conversation/read`,
      headers: bearer(owner.token),
      payload: { lastMessageId: 1 },
    });
    expect(back.json<{ data: { lastReadId: number } }>().data.lastReadId).toBe(second.id);
  });

  it('limits the messages a person sends (20 a minute), storing none past the limit', async () => {
    const { offerId } = await anOffer();
    const sender = await userWithSession(db(), { name: 'Rápido', surname: 'Escribidor' });
    const { announcement } = await createAnnouncement(db(), owner.user.id);
    const offer = await createOffer(db(), announcement.id, sender.user.id);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => send(offer.id, sender.token, `Mensaje ${i}`)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(5);
    expect(errorCode(refused[0]?.body ?? '{}')).toBe('MESSAGES_TOO_FAST');
    expect(refused[0]?.headers['retry-after']).toBeDefined();
    expect(await stored(offer.id)).toBe(20);
    expect(await stored(offerId)).toBe(0);
  });

  it('reports reach the agents, who read the conversation unmasked and can block the sender', async () => {
    const { offerId } = await anOffer();
    const m = (await send(offerId, candidate.token, 'Págame por fuera: 612 345 678')).json<{
      data: { id: number };
    }>().data;
    const report = (payload: object, token = owner.token) =>
      t.app.inject({
        method: 'POST',
        url: `/api/offer/${offerId}/conversation/report`,
        headers: bearer(token),
        payload,
      });
    expect((await report({ reason: 'fraud', text: 'Pide pagar fuera', messageId: m.id })).statusCode).toBe(
      201,
    );
    expect((await report({ reason: 'fraud', text: 'Otra vez', messageId: m.id })).statusCode).toBe(201);
    expect((await report({ reason: 'spam' })).statusCode).toBe(201);
    // Only the other side's messages: one's own is 404; a reason off the list is 400.
    const mine = (await send(offerId, owner.token, 'Mío')).json<{ data: { id: number } }>().data;
    expect((await report({ reason: 'fraud', messageId: mine.id })).statusCode).toBe(404);
    expect((await report({ reason: 'aburrido' })).statusCode).toBe(400);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/agents/conversations/reported',
      headers: bearer(agent.token),
    });
    const listed = list
      .json<{ data: { offerId: string; reports: number }[] }>()
      .data.find((c) => c.offerId === offerId);
    expect(listed?.reports).toBe(2);
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/agents/offer/${offerId}/conversation`,
      headers: bearer(agent.token),
    });
    const detail = seen.json<{
      data: { messages: { text: string; reported: boolean }[]; candidate: { id: string; name: string } };
    }>().data;
    expect(detail.messages[0]).toMatchObject({ text: 'Págame por fuera: 612 345 678', reported: true });
    expect(detail.candidate.name).toBe('Laura García Pérez');
    // Users cannot reach the agents' routes.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/agents/conversations/reported',
          headers: bearer(owner.token),
        })
      ).statusCode,
    ).toBe(403);

    const blocker = await agentWithSession(db(), 'supervisor');
    const sender = await userWithSession(db(), { name: 'Fraude', surname: 'Falso' });
    const { announcement } = await createAnnouncement(db(), owner.user.id);
    const offer = await createOffer(db(), announcement.id, sender.user.id);
    await send(offer.id, sender.token, 'Hola');
    const block = await t.app.inject({
      method: 'POST',
      url: '/api/agents/users/black-list',
      headers: bearer(blocker.token),
      payload: { userId: sender.user.id, reason: 'Denuncia de conversación' },
    });
    expect(block.statusCode).toBe(200);
    expect((await send(offer.id, sender.token, 'Sigo aquí')).statusCode).toBe(401);

    const reviewed = await t.app.inject({
      method: 'PUT',
      url: `/api/agents/offer/${offerId}/conversation/reviewed`,
      headers: bearer(agent.token),
    });
    expect(reviewed.json<{ data: { reviewed: boolean } }>().data.reviewed).toBe(true);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/agents/conversations/reported',
      headers: bearer(agent.token),
    });
    expect(after.json<{ data: { offerId: string }[] }>().data.map((c) => c.offerId)).not.toContain(offerId);
  });
});

describe('notices to a reader who is away', () => {
  const noticesTo = async (phone: string | null) =>
    phone === null
      ? 0
      : ((
          await db()
            .select({ n: sql<number>`count(*)::int` })
            .from(outbox)
            .where(and(eq(outbox.recipient, phone), sql`${outbox.body} like '%te ha escrito%'`))
        )[0]?.n ?? 0);
  const age = (offerId: string, minutes: number) =>
    db().execute(
      sql`update messages set created_at = created_at - make_interval(mins => ${minutes}) where offer_id = ${offerId}`,
    );

  it('many messages and many runs at once: one notice per conversation per 15 minutes, without the text', async () => {
    await freshBudgets();
    const reader = await userWithSession(db(), { name: 'Rita', surname: 'Lectora' });
    const { announcement } = await createAnnouncement(db(), reader.user.id);
    const offer = await createOffer(db(), announcement.id, candidate.user.id);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(offer.id, candidate.token, `Mensaje 612345678 ${i}`)),
    );
    // Fresh messages wait: the reader may be reading them now.
    expect(await notifyUnreadMessages(db(), 'https://casaoferta.test')).toBe(0);
    await age(offer.id, 3);
    const runs = await Promise.all(
      Array.from({ length: 8 }, () => notifyUnreadMessages(db(), 'https://casaoferta.test')),
    );
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await noticesTo(reader.user.phoneNumber)).toBe(1);
    const [body] = await db()
      .select({ body: outbox.body })
      .from(outbox)
      .where(eq(outbox.recipient, reader.user.phoneNumber ?? ''));
    expect(body?.body).toContain(`https://casaoferta.test/conversation/${offer.id}`);
    expect(body?.body).toContain('Laura');
    expect(body?.body).not.toContain('612345678');
    expect(body?.body).not.toContain('García');

    // A new message within 15 minutes: no second notice.
    await send(offer.id, candidate.token, 'Otro más');
    await age(offer.id, 3);
    await notifyUnreadMessages(db(), 'https://casaoferta.test');
    expect(await noticesTo(reader.user.phoneNumber)).toBe(1);
    // 15 minutes later, still unread: one more.
    await db().execute(
      sql`update conversations set owner_noticed_at = owner_noticed_at - interval '16 minutes' where offer_id = ${offer.id}`,
    );
    await Promise.all(Array.from({ length: 4 }, () => notifyUnreadMessages(db(), 'https://casaoferta.test')));
    expect(await noticesTo(reader.user.phoneNumber)).toBe(2);
  });

  it('a read conversation is not told', async () => {
    await freshBudgets();
    const reader = await userWithSession(db(), { name: 'Rosa', surname: 'Atenta' });
    const { announcement } = await createAnnouncement(db(), reader.user.id);
    const offer = await createOffer(db(), announcement.id, candidate.user.id);
    const m = (await send(offer.id, candidate.token, 'Hola')).json<{ data: { id: number } }>().data;
    await t.app.inject({
      method: 'PUT',
      url: `/api/offer/${offer.id}/conversation/read`,
      headers: bearer(reader.token),
      payload: { lastMessageId: m.id },
    });
    await age(offer.id, 5);
    await notifyUnreadMessages(db(), 'https://casaoferta.test');
    expect(await noticesTo(reader.user.phoneNumber)).toBe(0);
    const [state] = await db().select().from(conversations).where(eq(conversations.offerId, offer.id));
    expect(state?.ownerNoticedAt).toBeNull();
  });
});

describe('live', () => {
  async function watch(offerId: string, token: string) {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/offer/${offerId}/conversation/events`, {
      headers: bearer(token),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const body = response.body;
    if (!body) throw new Error('no body');
    const events: ConversationEvent[] = [];
    const waiters: { match: (e: ConversationEvent) => boolean; resolve: () => void }[] = [];
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (chunk.done) return;
        buffer += chunk.value;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .find((line) => line.startsWith('data: '))
            ?.slice(6);
          buffer = buffer.slice(end + 2);
          if (data === undefined) continue;
          const parsed = conversationEvent.safeParse(JSON.parse(data));
          if (!parsed.success) continue;
          const event = parsed.data;
          events.push(event);
          for (const waiter of [...waiters]) if (waiter.match(event)) waiter.resolve();
        }
      }
    })();
    const until = (match: (e: ConversationEvent) => boolean) =>
      events.some(match)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ match, resolve }));
    await until((e) => e.type === 'ready');
    return { events, until, close: () => controller.abort() };
  }

  it('a message reaches the other side’s stream, and its read mark comes back as «Visto»', async () => {
    const { offerId } = await anOffer();
    const ownerStream = await watch(offerId, owner.token);
    const candidateStream = await watch(offerId, candidate.token);
    const m = (await send(offerId, candidate.token, 'En directo')).json<{ data: { id: number } }>().data;
    await ownerStream.until((e) => e.type === 'message' && e.messageId === m.id);
    expect(ownerStream.events).toContainEqual({ type: 'message', offerId, messageId: m.id, mine: false });
    await t.app.inject({
      method: 'PUT',
      url: `/api/offer/${offerId}/conversation/read`,
      headers: bearer(owner.token),
      payload: { lastMessageId: m.id },
    });
    await candidateStream.until((e) => e.type === 'read');
    expect(candidateStream.events).toContainEqual({
      type: 'read',
      offerId,
      lastMessageId: m.id,
      mine: false,
    });
    ownerStream.close();
    candidateStream.close();
  });
});
