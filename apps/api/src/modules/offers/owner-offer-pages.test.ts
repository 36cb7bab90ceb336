import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { OwnerOffers } from '@casaoferta/domain/schemas/offers';
import { createAnnouncement, createOffer } from '../../db/factories';
import { offers } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';

/**
 * The owner's offers in pages (issue 29 point 4, decision 031): every offer of more than a thousand is
 * reached once in each order, also while offers arrive between two pages; the true total; the rules.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithSession>>;
let otherOwner: Awaited<ReturnType<typeof userWithSession>>;
let candidate: Awaited<ReturnType<typeof userWithSession>>;
let agent: Awaited<ReturnType<typeof agentWithSession>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db, { name: 'Olga', surname: 'Dueña Ruiz' });
  otherOwner = await userWithSession(t.database.db, { name: 'Óscar', surname: 'Otro Dueño' });
  candidate = await userWithSession(t.database.db, { name: 'Laura', surname: 'García López' });
  agent = await agentWithSession(t.database.db, 'supervisor');
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, token: string | null = owner.token) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const errorCode = (response: { json: () => unknown }) =>
  (response.json() as { errors: { code: string; field?: string }[] }).errors[0]?.code;

let seeded = 0;
/**
 * `count` offers by as many new candidates, in one statement: amounts from 20 values (many ties),
 * creation times shared by threes (ties broken by id), salaries spread so that solvency varies, one in
 * seven a favourite.
 */
async function seedOffers(announcementId: string, count: number, createdFrom = "now() - interval '1 day'") {
  const first = seeded;
  seeded += count;
  await db().execute(sql`
    with n as (select g, gen_random_uuid() as user_id from generate_series(${first + 1}::int, ${first + count}::int) g),
    u as (
      insert into users (id, name, surname, phone_number)
      select user_id, 'Candidata', 'Página ' || g, '+3469' || lpad(g::text, 7, '0') from n
      returning id
    )
    insert into offers (id, announcement_id, candidate_id, amount, salary, nif, type_contract_code,
      is_favorite, created_at)
    select gen_random_uuid(), ${announcementId}::uuid, n.user_id, 800 + (n.g % 20) * 10,
      1200 + (n.g * 37) % 3000, '12345678Z', 'UTC001', n.g % 7 = 0,
      ${sql.raw(createdFrom)} + (n.g / 3) * interval '1 millisecond'
    from n join u on u.id = n.user_id`);
}

async function allPages(announcementId: string, query: string, limit: number, between?: () => Promise<void>) {
  const ids: string[] = [];
  const all: OwnerOffers['offers'] = [];
  let cursor: string | null = null;
  let pages = 0;
  let last: OwnerOffers | null = null;
  do {
    const url: string = `/api/announcement/${announcementId}/offers?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    last = response.json<{ data: OwnerOffers }>().data;
    expect(last.offers.length).toBeLessThanOrEqual(limit);
    ids.push(...last.offers.map((o) => o.id));
    all.push(...last.offers);
    cursor = last.nextCursor;
    pages++;
    if (pages === 1 && between) await between();
  } while (cursor !== null && pages < 1000);
  return { ids, pages, last, all };
}

/** The ids in the order the rule gives, read from the database (the expected answer). */
async function idsInOrder(announcementId: string, order: 'date' | 'amount', favorites = false) {
  const rows = await db()
    .select({ id: offers.id })
    .from(offers)
    .where(
      and(eq(offers.announcementId, announcementId), favorites ? eq(offers.isFavorite, true) : undefined),
    )
    .orderBy(...(order === 'amount' ? [desc(offers.amount)] : []), desc(offers.createdAt), desc(offers.id));
  return rows.map((r) => r.id);
}

describe('GET /api/announcement/:id/offers in pages', () => {
  let rental: string;
  beforeAll(async () => {
    const { announcement } = await createAnnouncement(db(), owner.user.id, { isPaid: true });
    rental = announcement.id;
    await seedOffers(rental, 1_030);
  });

  it('reaches each of 1,030 offers once, newest first, with the true total', async () => {
    const { ids, pages, last } = await allPages(rental, 'sort=date', 100);
    expect(pages).toBe(11);
    expect(last?.total).toBe(1_030);
    expect(last?.received).toBe(1_030);
    expect(new Set(ids).size).toBe(1_030);
    expect(ids).toEqual(await idsInOrder(rental, 'date'));
  });

  it('pages by amount, highest first, ties by the newest, with no duplicate or gap', async () => {
    const { ids } = await allPages(rental, 'sort=amount', 37);
    expect(ids).toEqual(await idsInOrder(rental, 'amount'));
    const first = await get(`/api/announcement/${rental}/offers?sort=amount&limit=5`);
    const amounts = first.json<{ data: OwnerOffers }>().data.offers.map((o) => o.amount);
    expect(amounts).toEqual([990, 990, 990, 990, 990]);
  });

  it('pages by solvency, most reassuring first, each offer once', async () => {
    const { ids, last, all } = await allPages(rental, 'sort=solvency', 100);
    expect(last?.total).toBe(1_030);
    expect(new Set(ids).size).toBe(1_030);
    expect([...ids].sort()).toEqual([...(await idsInOrder(rental, 'date'))].sort());
    // The verdicts in page order never go back to a more reassuring one.
    const rank: Record<string, number> = { OSS002: 0, OSS003: 1, OSS005: 2, OSS001: 3, OSS004: 4 };
    const statuses = all.map((o) => rank[o.solvency.statusCode] ?? 9);
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));
    expect(new Set(statuses).size).toBeGreaterThan(1);
  });

  it('keeps the favourites only, counted over every page', async () => {
    const expected = await idsInOrder(rental, 'date', true);
    expect(expected.length).toBeGreaterThan(100);
    const { ids, last } = await allPages(rental, 'sort=date&favorites=true', 40);
    expect(ids).toEqual(expected);
    expect(last?.total).toBe(expected.length);
    expect(last?.received).toBe(1_030);
  });

  it('reaches every offer once while new offers arrive between pages', async () => {
    const { announcement } = await createAnnouncement(db(), owner.user.id, { isPaid: true });
    await seedOffers(announcement.id, 1_001);
    for (const order of ['date', 'amount'] as const) {
      const before = await idsInOrder(announcement.id, order);
      // After the first page: 60 more, newer than all, with amounts over the whole range.
      const { ids, last } = await allPages(announcement.id, `sort=${order}`, 100, () =>
        seedOffers(announcement.id, 60, 'now()'),
      );
      expect(new Set(ids).size).toBe(ids.length);
      const reached = new Set(ids);
      expect(before.filter((id) => !reached.has(id))).toEqual([]);
      expect(last?.total).toBe(before.length + 60);
      // In the order of the rule: the answer is the final order without the arrivals it had passed.
      const after = await idsInOrder(announcement.id, order);
      expect(ids).toEqual(after.filter((id) => reached.has(id)));
    }
  });
});

describe('GET /api/announcement/:id/offers: rules', () => {
  it('refuses the amount order while the amounts are locked (409), and answers the date order', async () => {
    const { announcement } = await createAnnouncement(db(), owner.user.id);
    await createOffer(db(), announcement.id, candidate.user.id, { amount: 1100 });
    const locked = await get(`/api/announcement/${announcement.id}/offers?sort=amount`);
    expect(locked.statusCode).toBe(409);
    expect(errorCode(locked)).toBe('OFFER_AMOUNTS_LOCKED');
    const byDate = await get(`/api/announcement/${announcement.id}/offers?sort=date`);
    expect(byDate.json<{ data: OwnerOffers }>().data).toMatchObject({ total: 1, nextCursor: null });
  });

  it('answers 400 for a cursor that is not its own, of another order, or a page size out of range', async () => {
    const { announcement } = await createAnnouncement(db(), owner.user.id, { isPaid: true });
    await seedOffers(announcement.id, 3);
    const url = `/api/announcement/${announcement.id}/offers`;
    const first = (await get(`${url}?sort=date&limit=1`)).json<{ data: OwnerOffers }>().data;
    expect(first.nextCursor).not.toBeNull();
    const forged = Buffer.from(JSON.stringify({ s: 'date', t: '2026-01-01', i: randomUUID() })).toString(
      'base64url',
    );
    for (const bad of [
      `${url}?sort=amount&cursor=${first.nextCursor ?? ''}`,
      `${url}?sort=date&cursor=not-a-cursor`,
      `${url}?sort=date&cursor=${forged}`,
      `${url}?limit=0`,
      `${url}?limit=101`,
      `${url}?sort=price`,
      `${url}?favorites=yes`,
    ]) {
      const response = await get(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(errorCode(response), bad).toBe('INVALID_INPUT');
    }
  });

  it('answers 404 to another owner and to a candidate, 401 to a visitor, 403 to an agent', async () => {
    const { announcement } = await createAnnouncement(db(), owner.user.id, { isPaid: true });
    await createOffer(db(), announcement.id, candidate.user.id, { amount: 1100 });
    await seedOffers(announcement.id, 120);
    const first = (await get(`/api/announcement/${announcement.id}/offers?limit=50`)).json<{
      data: OwnerOffers;
    }>().data;
    const next = `/api/announcement/${announcement.id}/offers?limit=50&cursor=${first.nextCursor ?? ''}`;
    for (const url of [`/api/announcement/${announcement.id}/offers`, next]) {
      expect((await get(url, otherOwner.token)).statusCode).toBe(404);
      expect((await get(url, candidate.token)).statusCode).toBe(404);
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(url, agent.token)).statusCode).toBe(403);
    }
    // Nothing was read as a side effect: the offers are all still there, none marked seen.
    const [count] = await db()
      .select({ n: sql<number>`count(*)::int`, seen: sql<number>`count(seen_at)::int` })
      .from(offers)
      .where(eq(offers.announcementId, announcement.id));
    expect(count).toEqual({ n: 121, seen: 0 });
  });
});
