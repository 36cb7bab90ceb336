import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { OfferDecisionReason } from '@casaoferta/domain/codes';
import type { Db } from '../db/client';
import { createAnnouncement, createOffer, createUser } from '../db/factories';
import { announcements, contracts, offerEvents, offers, outbox, users } from '../db/schema/index';
import { createSession } from './auth';
import { bearer } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/helpers';
import { lockedCandidate, otherCandidate, revealedSecrets, type SecretCandidate } from '../test/paid-unlock';
import { routeRequest } from '../test/route-requests';
import { createOwnerRows, type OwnerRows } from '../test/world';
import type { RouteRecord } from './access';

/**
 * The paid unlock on every endpoint (issue 22 point 2, decision 026). Every registered `/api` route
 * but the agents' (who may see everything: the back office), walked from the route table so a new one
 * joins by itself, is called by the owner of an unpaid announcement, by another owner, by a visitor and
 * by another candidate on the same announcement, on rows where a candidate with a known surname, phone
 * and amount made an offer (with their documents shared, and a contract drafted before the rule). No
 * body or header gives away that amount, surname or phone; nor does any message the owner is sent
 * meanwhile (a new offer arrives among the calls).
 */

let t: TestApp;
let ownerId: string;
let ownerB: string;
let lockedId: string;
let otherId: string;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  ownerId = (await createUser(db, { name: 'Olga', surname: 'Propietaria', email: 'olga@example.com' })).id;
  ownerB = (await createUser(db, { name: 'Bruno', surname: 'Propietario' })).id;
  const candidate = (c: SecretCandidate) =>
    createUser(db, { name: c.name, surname: c.surname, phoneNumber: c.phoneNumber });
  lockedId = (await candidate(lockedCandidate)).id;
  otherId = (await candidate(otherCandidate)).id;
}, 60_000);
afterAll(() => t.close());

const db = (): Db => t.database.db;

/** The amount of the offer a new candidate makes during the walk: as secret as the first one. */
const newOfferAmount = 1193;

/**
 * Owner A's rows (test/world.ts), with the offer made by the locked candidate at their amount (and its
 * 'sent' event), their documents shared with the owner, the contract A drafted with them before the
 * rule, and the other candidate's higher offer.
 */
async function lockedRows(): Promise<OwnerRows> {
  const rows = await createOwnerRows(db(), ownerId);
  await db()
    .update(offers)
    .set({ candidateId: lockedId, amount: lockedCandidate.amount, documentsSharedAt: new Date() })
    .where(eq(offers.id, rows.offerId));
  await db()
    .update(offerEvents)
    .set({ amount: lockedCandidate.amount })
    .where(eq(offerEvents.offerId, rows.offerId));
  await db()
    .update(contracts)
    .set({ tenantId: lockedId, amount: lockedCandidate.amount })
    .where(eq(contracts.id, rows.contractId));
  await createOffer(db(), rows.announcementId, otherId, { amount: otherCandidate.amount });
  const [announcement] = await db()
    .select({ isPaid: announcements.isPaid, highestOffer: announcements.highestOffer })
    .from(announcements)
    .where(eq(announcements.id, rows.announcementId));
  if (announcement?.isPaid !== false || announcement.highestOffer !== otherCandidate.amount) {
    throw new Error(`lockedRows: unexpected announcement ${JSON.stringify(announcement)}`);
  }
  return rows;
}

/** Bodies that take the call past validation to what it does with the offers. */
const bodies: Record<string, (rows: OwnerRows) => object> = {
  'POST /api/announcement/:id/offer/:offerId/select-tenant': () => ({
    reasonCode: OfferDecisionReason.AnotherCandidate,
  }),
  'POST /api/contract/draft': (rows) => ({ announcementId: rows.announcementId }),
  // Another owner makes an offer on A's announcement: A is told (by the messages checked at the end).
  'POST /api/announcement/:id/offers': () => ({
    id: randomUUID(),
    amount: newOfferAmount,
    offerPaymentType: 'OPT000',
    nif: '12345678Z',
    typeContractCode: 'UTC001',
    salary: 2500,
  }),
};

/**
 * Paths the walk names otherwise than the access matrix: the tenant's data of a contract, read by the
 * owner of A's contract with the locked candidate (the matrix names A's contract as a tenant there).
 */
const paths: Record<string, (rows: OwnerRows) => string> = {
  'GET /api/contract/:id/tenant': (rows) => `/api/contract/${rows.contractId}/tenant`,
};

type Viewer = 'owner' | 'ownerB' | 'visitor' | 'otherCandidate';
const viewers: readonly Viewer[] = ['owner', 'ownerB', 'visitor', 'otherCandidate'];

/** What each viewer must not learn: the other candidate knows their own name, not the first one's. */
const secretsFor = (viewer: Viewer): SecretCandidate[] =>
  viewer === 'otherCandidate' ? [lockedCandidate] : [lockedCandidate, otherCandidate];

async function tokenOf(viewer: Viewer): Promise<string | null> {
  const userId = { owner: ownerId, ownerB, otherCandidate: otherId, visitor: null }[viewer];
  return userId ? (await createSession(db(), { userId, kind: 'user' })).token : null;
}

describe('the paid unlock on every endpoint', () => {
  it('no route tells the owner of an unpaid announcement (nor anyone else) a candidate’s amount, surname or phone', async () => {
    const routes: RouteRecord[] = [...t.app.routeRecords]
      .filter((route) => route.access.kind !== 'agent')
      .sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
    expect(routes.length).toBeGreaterThan(60);
    const leaks: string[] = [];
    const reached: string[] = [];
    for (const route of routes) {
      const shared = await lockedRows();
      for (const viewer of viewers) {
        // The owner gets rows of their own for each route (a route may change or delete them).
        const rows = viewer === 'owner' ? await lockedRows() : shared;
        const request = await routeRequest(route, rows, await tokenOf(viewer));
        const body = bodies[`${route.method} ${route.url}`];
        const path = paths[`${route.method} ${route.url}`];
        const response = await t.app.inject({
          method: request.method as 'GET',
          url: path ? path(rows) : request.url,
          headers: request.headers,
          ...(body
            ? { payload: body(rows) }
            : request.payload === undefined
              ? {}
              : { payload: request.payload }),
        });
        const where = `${route.method} ${route.url} (${viewer}, ${response.statusCode})`;
        if (response.statusCode >= 500)
          leaks.push(`${where}: error del servidor ${response.body.slice(0, 200)}`);
        if (response.statusCode < 300) reached.push(`${route.method} ${route.url} (${viewer})`);
        // The announcement's highest offer is public (the catalogue shows it to anyone, SPEC 4.2): once
        // the other offer is gone (a selection, a withdrawal) it is the locked one's, and not a leak.
        const seen = `${JSON.stringify(response.headers)}\n${response.body}`.replace(
          /"highestOffer":\d+/g,
          '"highestOffer":"público"',
        );
        for (const secret of revealedSecrets(seen, secretsFor(viewer))) leaks.push(`${where}: ${secret}`);
      }
    }
    expect(leaks).toEqual([]);
    // The walk reached the owner's offers, not only their refusals, and a new offer was made.
    expect(reached).toEqual(
      expect.arrayContaining([
        'GET /api/announcement/:id/offers (owner)',
        'GET /api/announcement/:id/offer/:offerId (owner)',
        'GET /api/announcement/:id/offer/:offerId/unlock-price (owner)',
        'GET /api/announcement/:id/offer/:offerId/tenant-contact (owner)',
        'POST /api/announcement/:id/offer/:offerId/solvency (owner)',
        'POST /api/announcement/:id/offer/:offerId/select-tenant (owner)',
        'POST /api/announcement/:id/offers (ownerB)',
      ]),
    );

    // Whatever the owner was sent meanwhile (the new offer's notices among them) says nothing either.
    const [owner] = await db().select().from(users).where(eq(users.id, ownerId));
    const addresses = [owner?.phoneNumber, owner?.email].filter((value): value is string => !!value);
    const messages = await db().select().from(outbox).where(inArray(outbox.recipient, addresses));
    expect(messages.some((message) => message.subject === 'Has recibido una nueva oferta')).toBe(true);
    const told = messages.flatMap((message) =>
      revealedSecrets(`${message.subject}\n${message.body}`, secretsFor('owner'), [newOfferAmount]).map(
        (secret) => `${message.channel} «${message.subject}»: ${secret}`,
      ),
    );
    expect(told).toEqual([]);
  }, 600_000);

  it('tells the owner of each new offer without its amount until paid, with it after', async () => {
    const owner = await createUser(db(), { name: 'Pilar', surname: 'Dueña' });
    const { announcement } = await createAnnouncement(db(), owner.id, { customTitle: 'Ático en Gràcia' });
    const offer = async (amount: number) => {
      const candidate = await createUser(db());
      const { token } = await createSession(db(), { userId: candidate.id, kind: 'user' });
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/announcement/${announcement.id}/offers`,
        headers: bearer(token),
        payload: {
          id: randomUUID(),
          amount,
          offerPaymentType: 'OPT000',
          nif: '12345678Z',
          typeContractCode: 'UTC001',
          salary: 2500,
        },
      });
      expect(response.statusCode).toBe(201);
    };
    const toOwner = () =>
      db()
        .select({ channel: outbox.channel, body: outbox.body })
        .from(outbox)
        .where(eq(outbox.recipient, owner.phoneNumber ?? '-'))
        .orderBy(outbox.createdAt, outbox.id);

    await offer(1170);
    const locked = await toOwner();
    // One message per event (issue 23): WhatsApp, the default settings' first channel.
    expect(locked.map((message) => message.channel)).toEqual(['whatsapp']);
    for (const message of locked) {
      expect(message.body).toBe(
        'Has recibido una nueva oferta en «Ático en Gràcia». Paga el anuncio para ver los importes de las ofertas y los datos de los candidatos.',
      );
    }

    await db().update(announcements).set({ isPaid: true }).where(eq(announcements.id, announcement.id));
    await offer(1180);
    const after = (await toOwner()).slice(locked.length);
    expect(after).toHaveLength(1);
    for (const message of after) expect(message.body).toContain('Has recibido una oferta de 1.180 €/mes');
  });
});
