import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { liveEvent, type LiveEvent } from '@casaoferta/domain/schemas/offers';
import type { AuditResponse } from '@casaoferta/domain/schemas/agent-tools';
import { createAnnouncement } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import { createSession } from '../../platform/auth';
import { auditLog } from '../../db/schema/index';
import { eventsFor, framesFor, liveRouteDefaults, parseOfferNotice } from './live-routes';
import { OFFER_CHANNEL, type OfferNotice } from './offer-store';

/**
 * The live stream against a real listening server (app.listen on port 0) read with fetch, on the test
 * database of the run: PGlite by default, PostgreSQL with TEST_DB_KIND=postgres (its own LISTEN
 * connection then). Every wait is for an event to arrive, never for a time.
 */

let t: TestApp;
let base: string;
type Person = Awaited<ReturnType<typeof userWithSession>>;
let owner: Person;
let tenant: Person;
let tenant2: Person;
let stranger: Person;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await userWithSession(t.database.db, { name: 'Olga', surname: 'Dueña' });
  tenant = await userWithSession(t.database.db, { name: 'Teo', surname: 'Inquilino' });
  tenant2 = await userWithSession(t.database.db, { name: 'Tina', surname: 'Inquilina' });
  stranger = await userWithSession(t.database.db, { name: 'Sara', surname: 'Curiosa' });
});
afterAll(() => t.close());

interface Watcher {
  events: LiveEvent[];
  /** Resolves with the events so far once one matches. */
  until(match: (event: LiveEvent) => boolean): Promise<LiveEvent[]>;
  close(): void;
}

/** Opens the stream and resolves once the first event (the summary, so subscribed) is in. */
async function watch(announcementId: string, token?: string): Promise<Watcher> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/announcement/${announcementId}/events`, {
    headers: token ? bearer(token) : {},
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(response.headers.get('content-encoding')).toBeNull();
  const body = response.body;
  if (!body) throw new Error('no body');
  const events: LiveEvent[] = [];
  const waiters: { match: (event: LiveEvent) => boolean; resolve: (events: LiveEvent[]) => void }[] = [];
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) return;
      buffer += chunk.value;
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const name = block.find((line) => line.startsWith('event: '))?.slice(7);
        const data = block.find((line) => line.startsWith('data: '))?.slice(6);
        if (data === undefined) continue;
        const event = liveEvent.parse(JSON.parse(data));
        expect(name).toBe(event.type);
        events.push(event);
        for (const waiter of [...waiters]) {
          if (!waiter.match(event)) continue;
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve([...events]);
        }
      }
    }
  })();
  const watcher: Watcher = {
    events,
    until: (match) =>
      events.some(match)
        ? Promise.resolve([...events])
        : new Promise((resolve) => waiters.push({ match, resolve })),
    close: () => controller.abort(),
  };
  await watcher.until(() => true);
  return watcher;
}

const isSummary =
  (offersCount: number, highestOffer: number | null) =>
  (event: LiveEvent): boolean =>
    event.type === 'summary' && event.offersCount === offersCount && event.highestOffer === highestOffer;

const makeOffer = async (announcementId: string, who: Person, amount: number) => {
  const id = randomUUID();
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/announcement/${announcementId}/offers`,
    headers: bearer(who.token),
    payload: { id, amount, nif: '12345678Z', typeContractCode: 'UTC001', salary: 2500 },
  });
  expect(response.statusCode).toBe(201);
  return id;
};

describe('GET /api/announcement/:id/events', () => {
  it('sends each viewer what they may see of new and withdrawn offers, and nothing of others', async () => {
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id);
    const id = announcement.id;
    const [ownerView, tenantView, tenant2View, strangerView, visitorView] = await Promise.all([
      watch(id, owner.token),
      watch(id, tenant.token),
      watch(id, tenant2.token),
      watch(id, stranger.token),
      watch(id),
    ]);
    const everyone = [ownerView, tenantView, tenant2View, strangerView, visitorView];
    for (const view of everyone) {
      expect(view.events).toEqual([
        { type: 'summary', announcementId: id, statusCode: 'AST001', highestOffer: null, offersCount: 0 },
      ]);
    }

    // An offer by the tenant reaches every watcher; the owner learns which, the tenant about theirs.
    const offerId = await makeOffer(id, tenant, 1100);
    await Promise.all([
      ownerView.until((e) => e.type === 'offer' && e.offerId === offerId),
      tenantView.until((e) => e.type === 'your-offer' && e.offerId === offerId),
      ...[tenant2View, strangerView, visitorView].map((view) => view.until(isSummary(1, 1100))),
    ]);

    // Withdrawn: the count drops for everyone, the tenant sees the new state of their offer.
    const withdrawn = await t.app.inject({
      method: 'PUT',
      url: `/api/announcement/${id}/offer/${offerId}/withdraw`,
      headers: bearer(tenant.token),
    });
    expect(withdrawn.statusCode).toBe(200);
    await Promise.all([
      ownerView.until((e) => e.type === 'offer' && e.kind === 'withdrawn'),
      tenantView.until((e) => e.type === 'your-offer' && e.kind === 'withdrawn'),
      ...[tenant2View, strangerView, visitorView].map((view) => view.until(isSummary(0, null))),
    ]);

    // A third change, by tenant2: once everyone has it, everything before it has arrived too.
    const secondId = await makeOffer(id, tenant2, 1050);
    await Promise.all(everyone.map((view) => view.until(isSummary(1, 1050))));
    await tenant2View.until((e) => e.type === 'your-offer');
    await ownerView.until((e) => e.type === 'offer' && e.offerId === secondId);

    const summaries = [
      { type: 'summary', announcementId: id, statusCode: 'AST001', highestOffer: null, offersCount: 0 },
      { type: 'summary', announcementId: id, statusCode: 'AST001', highestOffer: 1100, offersCount: 1 },
      { type: 'summary', announcementId: id, statusCode: 'AST001', highestOffer: null, offersCount: 0 },
      { type: 'summary', announcementId: id, statusCode: 'AST001', highestOffer: 1050, offersCount: 1 },
    ];
    const [initial, first, second, third] = summaries;
    expect(strangerView.events).toEqual(summaries);
    expect(visitorView.events).toEqual(summaries);
    expect(ownerView.events).toEqual([
      initial,
      first,
      { type: 'offer', announcementId: id, offerId, kind: 'sent' },
      second,
      { type: 'offer', announcementId: id, offerId, kind: 'withdrawn' },
      third,
      { type: 'offer', announcementId: id, offerId: secondId, kind: 'sent' },
    ]);
    expect(tenantView.events).toEqual([
      initial,
      first,
      { type: 'your-offer', announcementId: id, offerId, kind: 'sent', statusCode: 'OSC001' },
      second,
      { type: 'your-offer', announcementId: id, offerId, kind: 'withdrawn', statusCode: 'OSC003' },
      third,
    ]);
    expect(tenant2View.events).toEqual([
      initial,
      first,
      second,
      third,
      { type: 'your-offer', announcementId: id, offerId: secondId, kind: 'sent', statusCode: 'OSC001' },
    ]);
    for (const view of everyone) view.close();
  });

  it('tells the chosen candidate, the others and everyone else of a selection, each only their part', async () => {
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id);
    const id = announcement.id;
    const chosenId = await makeOffer(id, tenant, 1100);
    const otherId = await makeOffer(id, tenant2, 1150);
    const [ownerView, chosenView, otherView, strangerView] = await Promise.all([
      watch(id, owner.token),
      watch(id, tenant.token),
      watch(id, tenant2.token),
      watch(id, stranger.token),
    ]);
    const selected = await t.app.inject({
      method: 'POST',
      url: `/api/announcement/${id}/offer/${chosenId}/select-tenant`,
      headers: bearer(owner.token),
      payload: {},
    });
    expect(selected.statusCode).toBe(200);
    const decided = (event: LiveEvent) => event.type === 'summary' && event.statusCode === 'AST004';
    await Promise.all([
      chosenView.until((e) => e.type === 'your-offer' && e.kind === 'selected'),
      otherView.until((e) => e.type === 'your-offer' && e.kind === 'not-selected'),
      ownerView.until((e) => e.type === 'offer' && e.offerId === otherId),
      ownerView.until((e) => e.type === 'offer' && e.offerId === chosenId),
      strangerView.until(decided),
    ]);
    expect(chosenView.events).toContainEqual({
      type: 'your-offer',
      announcementId: id,
      offerId: chosenId,
      kind: 'selected',
      statusCode: 'OSC002',
    });
    expect(otherView.events).toContainEqual({
      type: 'your-offer',
      announcementId: id,
      offerId: otherId,
      kind: 'not-selected',
      statusCode: 'OSC004',
    });
    // Nobody hears of another candidate's offer; the stranger hears of no offer at all.
    expect(chosenView.events.filter((e) => e.type !== 'summary' && e.offerId !== chosenId)).toEqual([]);
    expect(otherView.events.filter((e) => e.type !== 'summary' && e.offerId !== otherId)).toEqual([]);
    expect(chosenView.events.some((e) => e.type === 'offer')).toBe(false);
    // Every notice gives every viewer one summary: once the stranger has as many as the owner, the
    // stranger has had every notice the owner had.
    const summaries = (view: Watcher) => view.events.filter((e) => e.type === 'summary').length;
    const ownerSummaries = summaries(ownerView);
    await strangerView.until(() => summaries(strangerView) >= ownerSummaries);
    expect(strangerView.events.every((e) => e.type === 'summary')).toBe(true);
    // Issue 23: choosing changes neither the count nor the highest offer (domain rules/offer-summary.ts),
    // and every viewer's events carry the same figures as the announcement's stored summary.
    for (const view of [ownerView, chosenView, otherView, strangerView]) {
      const after = view.events.filter(decided);
      expect(after.length).toBeGreaterThan(0);
      for (const event of after) expect(event).toMatchObject({ offersCount: 2, highestOffer: 1150 });
    }
    for (const view of [ownerView, chosenView, otherView, strangerView]) view.close();
  });

  it('answers 404 for an unknown announcement and for one that is not live, except to its owner', async () => {
    const unknown = await fetch(`${base}/api/announcement/${randomUUID()}/events`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ errors: [{ code: 'NOT_FOUND' }] });
    const malformed = await fetch(`${base}/api/announcement/not-a-uuid/events`);
    expect(malformed.status).toBe(400);

    const { announcement } = await createAnnouncement(t.database.db, owner.user.id, { statusCode: 'AST000' });
    for (const token of [undefined, stranger.token]) {
      const response = await fetch(`${base}/api/announcement/${announcement.id}/events`, {
        headers: token ? bearer(token) : {},
      });
      expect(response.status).toBe(404);
    }
    const ownerView = await watch(announcement.id, owner.token);
    expect(ownerView.events).toEqual([
      {
        type: 'summary',
        announcementId: announcement.id,
        statusCode: 'AST000',
        highestOffer: null,
        offersCount: 0,
      },
    ]);
    ownerView.close();
  });

  it('ends after the first event under app.inject, so the access matrix and the fuzzer do not hang', async () => {
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/announcement/${announcement.id}/events`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.body).toBe(
      `event: summary\ndata: ${JSON.stringify({
        type: 'summary',
        announcementId: announcement.id,
        statusCode: 'AST001',
        highestOffer: null,
        offersCount: 0,
      })}\n\n`,
    );
  });

  it('treats an agent acting as a person as that person (in both audit logs at once), an agent itself as anyone', async () => {
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id);
    const id = announcement.id;
    const { agent, token: agentToken } = await agentWithSession(t.database.db);
    const { token: actingAsTenant, sessionId } = await createSession(t.database.db, {
      userId: tenant.user.id,
      kind: 'impersonation',
      agentId: agent.id,
      reason: 'Ayuda con su oferta',
    });
    const [asTenant, asAgent] = await Promise.all([watch(id, actingAsTenant), watch(id, agentToken)]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.sessionId, sessionId));
    expect(audit).toMatchObject([
      {
        agentId: agent.id,
        userId: tenant.user.id,
        method: 'GET',
        path: `/api/announcement/${id}/events`,
        status: 200,
      },
    ]);

    // The supervisors' screen (/agents-audit) has the subscription while the stream is still open.
    const { token: supervisorToken } = await agentWithSession(t.database.db, 'supervisor');
    const browsed = await t.app.inject({
      method: 'GET',
      url: `/api/agents/audit?agentId=${agent.id}`,
      headers: bearer(supervisorToken),
    });
    expect(browsed.statusCode).toBe(200);
    expect(browsed.json<{ data: AuditResponse }>().data.items).toMatchObject([
      {
        agentId: agent.id,
        actingAsUserId: tenant.user.id,
        action: '/api/announcement/:id/events',
        method: 'GET',
        path: `/api/announcement/${id}/events`,
        targetAnnouncementId: id,
        status: 200,
      },
    ]);

    const offerId = await makeOffer(id, tenant, 1200);
    await asTenant.until((e) => e.type === 'your-offer' && e.offerId === offerId);
    // A second change as a barrier: the agent's stream has then had everything of the first.
    await makeOffer(id, tenant2, 1300);
    await Promise.all([asAgent, asTenant].map((view) => view.until(isSummary(2, 1300))));
    expect(asAgent.events.map((e) => e.type)).toEqual(['summary', 'summary', 'summary']);
    asTenant.close();
    asAgent.close();
  });

  it('PostgreSQL: after the listener reconnects every stream gets a fresh summary, then goes on', async (context) => {
    if (t.database.kind !== 'postgres') context.skip();
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id);
    const id = announcement.id;
    const view = await watch(id);
    const result = await t.database.db.execute(
      sql`select pg_terminate_backend(pid) as terminated from pg_stat_activity
          where datname = current_database() and query = ${`LISTEN "${OFFER_CHANNEL}"`}`,
    );
    expect(z.object({ rows: z.array(z.object({ terminated: z.boolean() })) }).parse(result).rows).toEqual([
      { terminated: true },
    ]);
    // The resync: a second summary with the same (unchanged) figures.
    await view.until(() => view.events.length === 2);
    expect(view.events[1]).toEqual(view.events[0]);
    await makeOffer(id, tenant, 1100);
    await view.until(isSummary(1, 1100));
    view.close();
  });

  it(`refuses a stream past ${liveRouteDefaults.maxPerAddress} open from one address (503, Retry-After)`, async () => {
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id);
    const { port } = t.app.server.address() as AddressInfo;
    // From an address of its own on the loopback, so that the other tests' streams do not count.
    const open = () =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get({
            host: '127.0.0.1',
            port,
            localAddress: '127.0.0.9',
            path: `/api/announcement/${announcement.id}/events`,
          })
          .on('response', resolve)
          .on('error', reject);
      });
    const streams: http.IncomingMessage[] = [];
    for (let i = 0; i < liveRouteDefaults.maxPerAddress; i += 1) {
      const response = await open();
      expect(response.statusCode).toBe(200);
      streams.push(response);
    }
    const refused = await open();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    const chunks: Buffer[] = [];
    for await (const chunk of refused) chunks.push(chunk as Buffer);
    expect(JSON.parse(Buffer.concat(chunks).toString())).toMatchObject({
      errors: [{ code: 'LIVE_STREAMS_FULL' }],
    });
    for (const stream of streams) stream.destroy();
  });
});

describe('eventsFor', () => {
  const notice: OfferNotice = {
    announcementId: randomUUID(),
    ownerId: randomUUID(),
    offerId: randomUUID(),
    candidateId: randomUUID(),
    offerStatusCode: 'OSC002',
    kind: 'selected',
    summary: { statusCode: 'AST003', highestOffer: 1200, offersCount: 3 },
  };
  const summary = { type: 'summary', announcementId: notice.announcementId, ...notice.summary };

  it('gives the owner the offer, its candidate their offer, anyone else the summary only', () => {
    expect(eventsFor(notice, null)).toEqual([summary]);
    expect(eventsFor(notice, randomUUID())).toEqual([summary]);
    expect(eventsFor(notice, notice.ownerId)).toEqual([
      summary,
      { type: 'offer', announcementId: notice.announcementId, offerId: notice.offerId, kind: 'selected' },
    ]);
    expect(eventsFor(notice, notice.candidateId ?? null)).toEqual([
      summary,
      {
        type: 'your-offer',
        announcementId: notice.announcementId,
        offerId: notice.offerId,
        kind: 'selected',
        statusCode: 'OSC002',
      },
    ]);
  });

  it('sends only the summary of a notice about the announcement alone', () => {
    const {
      offerId: _offer,
      candidateId: _candidate,
      offerStatusCode: _status,
      ...announcementOnly
    } = notice;
    expect(eventsFor({ ...announcementOnly, kind: 'bidding-closed' }, notice.ownerId)).toEqual([summary]);
  });

  it('builds the frames once per kind of viewer', () => {
    const strangers = [randomUUID(), randomUUID(), null].map((viewer) => framesFor(notice, viewer));
    expect(new Set(strangers).size).toBe(1);
    expect(framesFor(notice, notice.ownerId)).toBe(
      `event: summary\ndata: ${JSON.stringify(summary)}\n\nevent: offer\ndata: ${JSON.stringify(
        eventsFor(notice, notice.ownerId)[1],
      )}\n\n`,
    );
  });

  it('drops a payload that is not an OfferNotice', () => {
    expect(parseOfferNotice(JSON.stringify(notice))).toEqual(notice);
    expect(parseOfferNotice('{')).toBeNull();
    expect(parseOfferNotice(JSON.stringify({ ...notice, kind: 'unknown' }))).toBeNull();
    expect(parseOfferNotice(JSON.stringify({ ...notice, summary: undefined }))).toBeNull();
  });
});
