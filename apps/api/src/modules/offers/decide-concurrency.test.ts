import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createAnnouncement, createOffer } from '../../db/factories';
import { announcements, offerEvents, offers } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';

/**
 * The owner's decisions race with each other and with the candidates: each rule is checked inside the
 * write (the announcement's lock, guarded updates, the unique index of one selected offer), so of many
 * requests at once exactly one wins and the rest get a 409, never a 500 or a second winner.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithSession>>;
let agentToken: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db, { name: 'Olga', surname: 'Dueña' });
  agentToken = (await agentWithSession(t.database.db, 'supervisor')).token;
});
afterAll(() => t.close());

const db = () => t.database.db;
const many = <T>(n: number, request: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, index) => request(index)));
const select = (announcementId: string, offerId: string, token = owner.token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/announcement/${announcementId}/offer/${offerId}/select-tenant`,
    headers: bearer(token),
    payload: { reasonCode: 'ODR002' },
  });
const codes = (responses: { statusCode: number; json: () => unknown }[]) =>
  responses
    .filter((r) => r.statusCode !== 200)
    .map((r) => (r.json() as { errors: { code: string }[] }).errors[0]?.code);

async function liveRentalWithTwoOffers() {
  const { announcement } = await createAnnouncement(db(), owner.user.id);
  const a = await userWithSession(db(), { name: 'Ana', surname: 'Uno' });
  const b = await userWithSession(db(), { name: 'Berta', surname: 'Dos' });
  const first = await createOffer(db(), announcement.id, a.user.id, { amount: 1100 });
  const second = await createOffer(db(), announcement.id, b.user.id, { amount: 1000 });
  return { announcement, first, second, a, b };
}

const statusesOf = async (announcementId: string) =>
  db()
    .select({ id: offers.id, statusCode: offers.statusCode })
    .from(offers)
    .where(eq(offers.announcementId, announcementId));

describe('select-tenant races', () => {
  it('of 10 selections of two different offers at once, exactly one wins', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { announcement, first, second } = await liveRentalWithTwoOffers();
      const answers = await many(10, (i) => select(announcement.id, i % 2 === 0 ? first.id : second.id));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(answers.map((r) => r.statusCode).filter((s) => s !== 200 && s !== 409)).toEqual([]);
      expect(new Set(codes(answers))).toEqual(new Set(['OFFER_ALREADY_SELECTED']));
      const rows = await statusesOf(announcement.id);
      expect(rows.filter((r) => r.statusCode === 'OSC002')).toHaveLength(1);
      expect(rows.filter((r) => r.statusCode === 'OSC004')).toHaveLength(1);
      const decided = await db()
        .select({ kind: offerEvents.kind })
        .from(offerEvents)
        .where(
          and(
            inArray(offerEvents.offerId, [first.id, second.id]),
            inArray(offerEvents.kind, ['selected', 'not-selected']),
          ),
        );
      expect(decided.map((e) => e.kind).sort()).toEqual(['not-selected', 'selected']);
      const [row] = await db().select().from(announcements).where(eq(announcements.id, announcement.id));
      expect(row?.statusCode).toBe('AST004');
    }
  });

  it('a withdrawal and a selection of the same offer at once: one of them, never both', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { announcement, first, a } = await liveRentalWithTwoOffers();
      const withdraw = () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/announcement/${announcement.id}/offer/${first.id}/withdraw`,
          headers: bearer(a.token),
        });
      // Each round starts the two requests in the other order.
      const [selected, withdrawn] =
        round % 2 === 0
          ? await Promise.all([select(announcement.id, first.id), withdraw()])
          : await Promise.all([withdraw(), select(announcement.id, first.id)]).then(([w, s]) => [s, w]);
      const statuses = [selected?.statusCode, withdrawn?.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const [offer] = await db().select().from(offers).where(eq(offers.id, first.id));
      const [row] = await db().select().from(announcements).where(eq(announcements.id, announcement.id));
      if (selected?.statusCode === 200) {
        expect(offer?.statusCode).toBe('OSC002');
        expect(row?.statusCode).toBe('AST004');
      } else {
        expect(offer?.statusCode).toBe('OSC003');
        expect(row?.statusCode).toBe('AST001');
      }
    }
  });

  it('closing bidding and a new offer at once: the offer lands before the close (and is told) or is refused', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { announcement } = await createAnnouncement(db(), owner.user.id);
      const candidate = await userWithSession(db(), { name: 'Carla', surname: 'Tres' });
      const offerId = randomUUID();
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/announcement/${announcement.id}/offers`,
          headers: bearer(candidate.token),
          payload: { id: offerId, amount: 1000, nif: '12345678Z', typeContractCode: 'UTC001', salary: 2500 },
        });
      const close = () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/announcement/${announcement.id}/close-bidding`,
          headers: bearer(owner.token),
        });
      const [sent, closed] =
        round % 2 === 0
          ? await Promise.all([send(), close()])
          : await Promise.all([close(), send()]).then(([c, s]) => [s, c]);
      expect(closed?.statusCode).toBe(200);
      const kinds = (
        await db()
          .select({ kind: offerEvents.kind })
          .from(offerEvents)
          .where(eq(offerEvents.offerId, offerId))
      ).map((e) => e.kind);
      if (sent?.statusCode === 201) expect(kinds).toEqual(['sent', 'bidding-closed']);
      else {
        expect(sent?.statusCode).toBe(409);
        expect(kinds).toEqual([]);
      }
    }
  });

  it('blocking a candidate while they send an offer: no current offer of theirs survives the block', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { announcement } = await createAnnouncement(db(), owner.user.id);
      const { announcement: second } = await createAnnouncement(db(), owner.user.id);
      const candidate = await userWithSession(db(), { name: 'Dora', surname: 'Cuatro' });
      await createOffer(db(), second.id, candidate.user.id, { amount: 1000 });
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/announcement/${announcement.id}/offers`,
          headers: bearer(candidate.token),
          payload: {
            id: randomUUID(),
            amount: 1000,
            nif: '12345678Z',
            typeContractCode: 'UTC001',
            salary: 2500,
          },
        });
      const block = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/agents/users/black-list',
          headers: bearer(agentToken),
          payload: { userId: candidate.user.id },
        });
      const [sent, blocked] =
        round % 2 === 0
          ? await Promise.all([send(), block()])
          : await Promise.all([block(), send()]).then(([b, s]) => [s, b]);
      expect(blocked?.statusCode).toBe(200);
      expect([201, 401, 403]).toContain(sent?.statusCode);
      const current = await db()
        .select({ id: offers.id })
        .from(offers)
        .where(
          and(eq(offers.candidateId, candidate.user.id), inArray(offers.statusCode, ['OSC001', 'OSC002'])),
        );
      expect(current).toEqual([]);
      const [row] = await db().select().from(announcements).where(eq(announcements.id, second.id));
      expect(row?.offersCount).toBe(0);
    }
  });
});
