import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { SearchResponse } from '@casaoferta/domain/schemas/listings';
import { propertyInput } from '@casaoferta/domain/schemas/owner-listings';
import { defaultTitle } from '@casaoferta/domain/titles';
import { createAnnouncement, createProperty, createUser } from '../../db/factories';
import { announcements, provinces } from '../../db/schema/index';
import { importIne } from '../../db/seed/import-ine';
import { addImage, deleteImage, reorderImages } from '../properties/images';
import { submitProperty } from '../properties/save-property';
import { decideCurrentAnnouncement, decideCurrentProperty } from '../../test/decisions';
import { createTestApp, testConfig, type TestApp } from '../../test/helpers';
import { refreshCards } from './search-announcements';
import { localStore } from '../../platform/storage/local';

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
    const [sale] = await t.database.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, ids.madridSale ?? ''));
    expect((await found({ kind: 'venta' })).items[0]).toEqual({
      id: ids.madridSale,
      propertyId: sale?.propertyId,
      reference: expect.stringMatching(/^CO-T/),
      typeCode: 'ATY003',
      offerTypeCode: 'AOT001',
      title: 'Ático en Chamberí',
      price: 350_000,
      highestOffer: null,
      offersCount: 0,
      municipalityName: 'Madrid',
      provinceName: 'Madrid',
      rooms: 3,
      bathrooms: 1,
      surfaceM2: 70,
      publishedAt: sale?.publishedAt?.toISOString(),
      image: null,
      // Its price never changed in public (decision 037).
      priceDrop: null,
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

describe('the card follows its sources (copied onto the announcement: search joins nothing)', () => {
  const cardOf = async (announcementId: string) => {
    const res = await search({ municipalityCode: '08019', limit: 48 });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: SearchResponse }>().data.items.find((card) => card.id === announcementId);
  };
  const photo = () =>
    sharp({ create: { width: 90, height: 60, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
  const media = localStore(testConfig().dataDir);

  it('going live copies the reference, bathrooms, type, place names and cover photo', async () => {
    const db = t.database.db;
    const property = await createProperty(db, ownerId, {
      street: 'Carrer de Mallorca',
      provinceCode: '08',
      municipalityCode: '08019',
      propertyTypeCode: 'PTY002',
      bathrooms: 2,
      validationStatus: 'PSG002',
    });
    const cover = await addImage(db, media, ownerId, property.id, await photo());
    await decideCurrentProperty(db, property.id, { approve: true });
    // A pending announcement with none of the card columns (as before publication).
    const [pending] = await db
      .insert(announcements)
      .values({ propertyId: property.id, ownerId, typeCode: 'ATY003', statusCode: 'AST002', price: 420_000 })
      .returning();
    if (!pending) throw new Error('no row');
    expect(await cardOf(pending.id)).toBeUndefined();

    await decideCurrentAnnouncement(db, pending.id, { approve: true });
    expect(await cardOf(pending.id)).toMatchObject({
      reference: property.reference,
      title: defaultTitle('ATY003', 'PTY002', 'Barcelona'),
      municipalityName: 'Barcelona',
      provinceName: 'Barcelona',
      bathrooms: 2,
      image: cover,
    });
  });

  it('a property edit and photo changes reach the card when an agent approves them (decision 011)', async () => {
    const db = t.database.db;
    const { property, announcement } = await createAnnouncement(
      db,
      ownerId,
      { customTitle: null, typeCode: 'ATY002' },
      { provinceCode: '08', municipalityCode: '08019', bathrooms: 1, propertyTypeCode: 'PTY001' },
    );
    const before = { title: defaultTitle('ATY002', 'PTY001', 'Barcelona'), bathrooms: 1, image: null };
    expect(await cardOf(announcement.id)).toMatchObject(before);
    const approve = () => decideCurrentProperty(db, property.id, { approve: true });

    await submitProperty(
      db,
      ownerId,
      propertyInput.parse({
        street: property.street,
        provinceCode: '08',
        municipalityCode: '08019',
        propertyTypeCode: 'PTY003',
        surfaceM2: 70,
        rooms: 2,
        bathrooms: 3,
      }),
      property.id,
    );
    const first = await addImage(db, media, ownerId, property.id, await photo());
    const second = await addImage(db, media, ownerId, property.id, await photo());
    expect(await cardOf(announcement.id)).toMatchObject(before);
    await approve();
    expect(await cardOf(announcement.id)).toMatchObject({
      reference: property.reference,
      title: defaultTitle('ATY002', 'PTY003', 'Barcelona'),
      bathrooms: 3,
      image: first,
    });

    await reorderImages(db, ownerId, property.id, [second.id, first.id]);
    expect((await cardOf(announcement.id))?.image).toEqual(first);
    await approve();
    expect((await cardOf(announcement.id))?.image).toEqual(second);
    await deleteImage(db, media, ownerId, property.id, second.id);
    await approve();
    expect((await cardOf(announcement.id))?.image).toEqual(first);
    await deleteImage(db, media, ownerId, property.id, first.id);
    await approve();
    expect((await cardOf(announcement.id))?.image).toBeNull();
  });

  it('an INE re-import renames the places on the cards', async () => {
    const db = t.database.db;
    const { announcement } = await createAnnouncement(
      db,
      ownerId,
      {},
      { provinceCode: '08', municipalityCode: '08019' },
    );
    await db.update(provinces).set({ displayName: 'Barna' }).where(eq(provinces.code, '08'));
    await refreshCards(db, sql`true`);
    expect((await cardOf(announcement.id))?.provinceName).toBe('Barna');
    await importIne(db, '/nonexistent-ine-dir'); // the built-in provinces: "Barcelona" again
    expect((await cardOf(announcement.id))?.provinceName).toBe('Barcelona');
  });
});
