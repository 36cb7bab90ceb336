import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '@casaoferta/domain/permissions';
import type { PropertySearchItem } from '@casaoferta/domain/schemas/back-office';
import { createAnnouncement, createProperty, createUser, ensureRoles } from '../../db/factories';
import { permissions, rolePermissions, roles, userRoles } from '../../db/schema/index';
import { createSession } from '../../platform/auth';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';

let t: TestApp;
let agentToken: string;
beforeAll(async () => {
  t = await createTestApp();
  agentToken = (await agentWithSession(t.database.db, 'agent')).token;
});
afterAll(() => t.close());

const get = (url: string, token: string | null = agentToken) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const search = async (name: string): Promise<PropertySearchItem[]> => {
  const res = await get(`/api/agents/properties/search?name=${encodeURIComponent(name)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { items: PropertySearchItem[] } }>().data.items;
};

/** An agent whose only role grants everything but the property search. */
async function agentWithoutSearch() {
  const db = t.database.db;
  await ensureRoles(db);
  const [role] = await db
    .insert(roles)
    .values({ name: `sin-busqueda-${randomUUID()}` })
    .returning();
  if (!role) throw new Error('no role');
  const granted = (await db.select().from(permissions)).filter((p) => p.name !== Permission.SearchProperties);
  await db.insert(rolePermissions).values(granted.map((p) => ({ roleId: role.id, permissionId: p.id })));
  const user = await createUser(db, { phoneNumber: null, email: `sin-${randomUUID()}@casaoferta.test` });
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  return (await createSession(db, { userId: user.id, kind: 'agent' })).token;
}

describe('GET /api/agents/properties/search', () => {
  it('finds properties by reference, title or address, with their owner and announcements', async () => {
    const db = t.database.db;
    const word = `Zurbarán${randomUUID().slice(0, 6)}`;
    const owner = await createUser(db, { name: 'Íñigo', surname: 'Etxeberria' });
    const { property, announcement } = await createAnnouncement(
      db,
      owner.id,
      { customTitle: `Piso ${word} con vistas` },
      { street: 'Calle Mayor', streetNumber: '7', postalCode: '28013' },
    );
    const draft = await createAnnouncement(
      db,
      owner.id,
      { statusCode: 'AST000', publishedAt: null, endsAt: null, customTitle: null, typeCode: 'ATY003' },
      { street: `Plaza de ${word}`, validationStatus: 'PSG002' },
    );
    const bare = await createProperty(db, owner.id, {
      validationStatus: 'PSG000',
      street: 'Calle Sin Nombre',
    });

    const byTitle = await search(word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''));
    expect(byTitle.map((p) => p.id).sort()).toEqual([property.id, draft.property.id].sort());
    const found = byTitle.find((p) => p.id === property.id);
    expect(found).toEqual({
      id: property.id,
      reference: property.reference,
      title: `Piso ${word} con vistas`,
      validationStatus: 'PSG001',
      hasPendingRevision: false,
      address: 'Calle Mayor 7, 28013 Madrid',
      municipalityName: 'Madrid',
      owner: { id: owner.id, name: 'Íñigo', surname: 'Etxeberria' },
      announcements: [{ id: announcement.id, typeCode: 'ATY002', statusCode: 'AST001' }],
    });
    expect(byTitle.find((p) => p.id === draft.property.id)).toMatchObject({
      title: 'Piso en venta en Madrid',
      validationStatus: 'PSG002',
      announcements: [{ id: draft.announcement.id, typeCode: 'ATY003', statusCode: 'AST000' }],
    });

    expect((await search(` ${property.reference.toLowerCase()} `)).map((p) => p.id)).toEqual([property.id]);
    expect((await search(`${word} vistas`)).map((p) => p.id)).toEqual([property.id]);
    expect((await search(`${word} plaza`)).map((p) => p.id)).toEqual([draft.property.id]);
    const [plain] = await search(bare.reference);
    expect(plain).toMatchObject({ id: bare.id, title: 'Piso en Madrid', announcements: [] });
    expect(await search(`${word} nada`)).toEqual([]);
  });

  it('answers 20 properties at most, the most recently changed first', async () => {
    const db = t.database.db;
    const owner = await createUser(db);
    const street = `Travesía ${randomUUID().slice(0, 8)}`;
    const made = [];
    for (let i = 0; i < 22; i += 1) {
      made.push(
        await createProperty(db, owner.id, { street, updatedAt: new Date(Date.UTC(2021, 0, 1 + i)) }),
      );
    }
    const items = await search(street);
    expect(items).toHaveLength(20);
    expect(items[0]?.id).toBe(made.at(-1)?.id);
  });

  it('refuses a name shorter than 2 characters, users, visitors and agents without the permission', async () => {
    for (const query of ['', '?name=', '?name=a', '?name=%20a%20', `?name=${'x'.repeat(81)}`]) {
      expect((await get(`/api/agents/properties/search${query}`)).statusCode, query).toBe(400);
    }
    const user = await userWithSession(t.database.db);
    expect((await get('/api/agents/properties/search?name=calle', user.token)).statusCode).toBe(403);
    expect((await get('/api/agents/properties/search?name=calle', null)).statusCode).toBe(401);
    expect(
      (await get('/api/agents/properties/search?name=calle', await agentWithoutSearch())).statusCode,
    ).toBe(403);
  });
});
