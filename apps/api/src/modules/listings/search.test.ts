import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnnouncement, createUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
let ownerId: string;
const ids: Record<string, string> = {};
const hour = 3600_000;
const base = Date.now() - 10 * 24 * hour;

beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await createUser(t.database.db)).id;
  const db = t.database.db;
  const make = async (key: string, hoursAfterBase: number, a: object = {}, p: object = {}) => {
    ids[key] = (
      await createAnnouncement(db, ownerId, { publishedAt: new Date(base + hoursAfterBase * hour), ...a }, p)
    ).announcement.id;
  };
  await make('madridRent', 1, { price: 1200, petsAllowed: true }, { features: ['PAF001', 'PAF002'] });
  await make(
    'madridSale',
    2,
    { typeCode: 'ATY003', price: 350_000, rooms: 3, customTitle: 'Ático en Chamberí' },
    { rooms: 3 },
  );
  await make('malagaRoom', 3, {
    typeCode: 'ATY001',
    price: 450,
    provinceCode: '29',
    municipalityCode: '29067',
    customTitle: 'Habitación en Málaga centro',
    searchText: 'habitacion en malaga centro calle larios',
    furnished: true,
  });
  await make('cheapRent', 4, { price: 600, surfaceM2: 40 });
  await make('bigRent', 5, { price: 2400, surfaceM2: 160, rooms: 4 });
  // Not on show: a draft, a rejected one, and one whose period is over.
  await make('draft', 6, { statusCode: 'AST000' });
  await make('rejected', 7, { statusCode: 'AST007' });
  await make('ended', 8, { endsAt: new Date(Date.now() - hour) });
});
afterAll(() => t.close());

const search = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/announcement/search', payload });
const found = async (payload: object) => {
  const res = await search(payload);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { items: { id: string; price: number }[]; nextCursor: string | null } }>().data;
};
const keysOf = (items: { id: string }[]) => items.map((i) => Object.keys(ids).find((k) => ids[k] === i.id));

describe('POST /api/announcement/search', () => {
  it('shows only live announcements, newest first, with card fields', async () => {
    const { items } = await found({});
    expect(keysOf(items)).toEqual(['bigRent', 'cheapRent', 'malagaRoom', 'madridSale', 'madridRent']);
    const res = await search({ kind: 'habitacion' });
    expect(res.json().data.items[0]).toMatchObject({
      title: 'Habitación en Málaga centro',
      typeCode: 'ATY001',
      municipalityName: 'Málaga',
      provinceName: 'Málaga',
      price: 450,
    });
  });

  it.each([
    [{ kind: 'venta' }, ['madridSale']],
    [{ kind: 'alquiler', priceMax: 1200 }, ['cheapRent', 'madridRent']],
    [{ priceMin: 1000, priceMax: 2000 }, ['madridRent']],
    [{ provinceCode: '29' }, ['malagaRoom']],
    [{ municipalityCode: '28079', roomsMin: 3 }, ['bigRent', 'madridSale']],
    [{ surfaceMin: 100 }, ['bigRent']],
    [{ features: ['PAF001', 'PAF002'] }, ['madridRent']],
    [{ pets: true }, ['madridRent']],
    [{ furnished: true }, ['malagaRoom']],
    [{ q: 'MALAGA' }, ['malagaRoom']],
    [{ q: 'málaga  Larios' }, ['malagaRoom']],
    [{ q: 'chamberi' }, ['madridSale']],
    [{ q: '100%' }, []],
  ])('filters %j', async (filters, expected) => {
    expect(keysOf((await found(filters)).items)).toEqual(expected);
  });

  it('sorts by price both ways', async () => {
    expect((await found({ sort: 'price-asc' })).items.map((i) => i.price)).toEqual([
      450, 600, 1200, 2400, 350_000,
    ]);
    expect((await found({ sort: 'price-desc' })).items.map((i) => i.price)).toEqual([
      350_000, 2400, 1200, 600, 450,
    ]);
  });

  it.each(['newest', 'price-asc', 'price-desc'])(
    'pages with a keyset cursor (%s): no gaps, no repeats',
    async (sort) => {
      const all = (await found({ sort })).items.map((i) => i.id);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: { id: string }[]; nextCursor: string | null } = await found({
          sort,
          limit: 2,
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(all);
    },
  );

  it('keeps the next page stable when a new announcement is published in between', async () => {
    const first = await found({ limit: 2 });
    const expectedNext = (await found({ limit: 2, cursor: first.nextCursor })).items.map((i) => i.id);
    await createAnnouncement(t.database.db, ownerId, { publishedAt: new Date(), price: 999 });
    const next = await found({ limit: 2, cursor: first.nextCursor });
    expect(next.items.map((i) => i.id)).toEqual(expectedNext);
  });

  it.each([
    [{ cursor: 'not-base64-json' }, 'cursor'],
    [{ cursor: Buffer.from('{"v":1,"i":"x"}').toString('base64url') }, 'cursor'],
    [{ q: 'x'.repeat(10_000) }, 'q'],
    [{ priceMin: -5 }, 'priceMin'],
    [{ priceMin: 2000, priceMax: 1000 }, 'priceMin'],
    [{ priceMax: 1e12 }, 'priceMax'],
    [{ kind: 'castillo' }, 'kind'],
    [{ features: ['ASCENSOR'] }, 'features.0'],
    [{ limit: 500 }, 'limit'],
    [{ provinceCode: '1' }, 'provinceCode'],
  ])('refuses %j with 400 naming the field', async (payload, field) => {
    const res = await search(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'INVALID_INPUT', field });
  });
});
