import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Permission, type PermissionName } from '@casaoferta/domain/permissions';
import type { ValidationQueueItem, ValidationQueueResponse } from '@casaoferta/domain/schemas/back-office';
import { createAnnouncement, createProperty, createUser, ensureRoles } from '../../db/factories';
import {
  announcements,
  permissions,
  properties,
  propertyImages,
  rolePermissions,
  roles,
  userRoles,
} from '../../db/schema/index';
import type { Db } from '../../db/client';
import { createSession } from '../../platform/auth';
import { liveFields } from '../properties/revision';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import { propertyForm } from '../../test/samples';

/**
 * A word no other test's owner has, in letters only: the queue's search also reads a term with three or
 * more digits as part of a phone number, which would match other owners.
 */
const uniqueWord = () =>
  randomUUID()
    .slice(0, 8)
    .replace(/\d/g, (digit) => 'ghijklmnop'.charAt(Number(digit)));

let t: TestApp;
let agentToken: string;
beforeAll(async () => {
  t = await createTestApp();
  agentToken = (await agentWithSession(t.database.db, 'agent')).token;
});
afterAll(() => t.close());

const get = (url: string, token: string | null = agentToken) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const queue = async (query: string): Promise<ValidationQueueResponse> => {
  const res = await get(`/api/agents/validation-queue?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ValidationQueueResponse }>().data;
};
const decide = (kind: 'property' | 'announcement', id: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/agents/${kind}/${id}/validate`,
    headers: bearer(agentToken),
    payload: body,
  });
const day = (n: number) => new Date(Date.UTC(2020, 0, n, 9, 30));

/** An agent whose only role grants `granted` (a role made for the test). */
async function agentWith(db: Db, granted: PermissionName[]) {
  await ensureRoles(db);
  const [role] = await db
    .insert(roles)
    .values({ name: `prueba-${randomUUID()}` })
    .returning();
  if (!role) throw new Error('no role');
  const rows = await db.select().from(permissions);
  const links = rows.filter((p) => (granted as string[]).includes(p.name));
  if (links.length > 0)
    await db.insert(rolePermissions).values(links.map((p) => ({ roleId: role.id, permissionId: p.id })));
  const user = await createUser(db, { phoneNumber: null, email: `limitado-${randomUUID()}@casaoferta.test` });
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  const { token } = await createSession(db, { userId: user.id, kind: 'agent' });
  return token;
}

/**
 * One owner (with a surname nobody else has) with one thing of each kind waiting, sent on three
 * different days, and things that do not wait (a validated property, a live announcement, a draft, a
 * rejected property, a refused revision).
 */
async function world() {
  const db = t.database.db;
  const surname = `Quintanilla ${uniqueWord()}`;
  const owner = await createUser(db, { name: 'Begoña', surname });
  const newProperty = await createProperty(db, owner.id, {
    validationStatus: 'PSG002',
    updatedAt: day(3),
    street: 'Calle del Pez',
  });
  const edited = await createProperty(db, owner.id, { updatedAt: day(1) });
  const image = async (propertyId: string, position: number, pending = false) => {
    const [row] = await db
      .insert(propertyImages)
      .values({
        propertyId,
        position,
        storageKey: `prueba/${randomUUID()}`,
        width: 640,
        height: 480,
        pending,
      })
      .returning();
    if (!row) throw new Error('no image');
    return row;
  };
  const kept = await image(edited.id, 0);
  await image(edited.id, 1);
  const uploaded = await image(edited.id, 2, true);
  await db
    .update(properties)
    .set({
      revision: 3,
      pendingRevision: {
        status: 'pending',
        reason: null,
        submittedAt: day(1).toISOString(),
        fields: { ...liveFields(edited), municipalityCode: '28065', propertyTypeCode: 'PTY003' },
        imageIds: [uploaded.id, kept.id],
      },
    })
    .where(eq(properties.id, edited.id));
  const pending = await createAnnouncement(db, owner.id, {
    statusCode: 'AST002',
    publishedAt: null,
    endsAt: null,
    customTitle: 'Ático soleado con terraza',
  });
  await db
    .update(announcements)
    .set({ updatedAt: day(2) })
    .where(eq(announcements.id, pending.announcement.id));
  // Not waiting.
  await createProperty(db, owner.id);
  await createAnnouncement(db, owner.id);
  await createAnnouncement(db, owner.id, { statusCode: 'AST000', publishedAt: null, endsAt: null });
  await createProperty(db, owner.id, { validationStatus: 'PSG004', validationReason: 'No existe' });
  const refused = await createProperty(db, owner.id);
  await db
    .update(properties)
    .set({
      pendingRevision: {
        status: 'rejected',
        reason: 'Fotos borrosas',
        submittedAt: day(1).toISOString(),
        fields: liveFields(refused),
        imageIds: [],
      },
    })
    .where(eq(properties.id, refused.id));
  await image(pending.property.id, 0);
  return { owner, surname, newProperty, edited, uploaded, pending };
}

describe('GET /api/agents/validation-queue', () => {
  it('lists the three kinds of waiting things, oldest first, each with what the decision needs', async () => {
    const w = await world();
    const { items, total, page, pageSize } = await queue(`q=${encodeURIComponent(w.surname)}`);
    expect({ total, page, pageSize }).toEqual({ total: 3, page: 1, pageSize: 20 });
    expect(items.map((i) => [i.kind, i.propertyId, i.announcementId])).toEqual([
      ['property-revision', w.edited.id, null],
      ['announcement', w.pending.property.id, w.pending.announcement.id],
      ['property', w.newProperty.id, null],
    ]);
    const [revision, announcement, property] = items as [
      ValidationQueueItem,
      ValidationQueueItem,
      ValidationQueueItem,
    ];
    // The revision's place, type and gallery: what the agent would approve.
    expect(revision).toMatchObject({
      revision: 3,
      reference: w.edited.reference,
      title: 'Ático en Getafe',
      municipalityName: 'Getafe',
      provinceName: 'Madrid',
      announcementTypeCode: null,
      price: null,
      submittedAt: day(1).toISOString(),
      imageCount: 2,
      propertyValidationStatus: 'PSG001',
    });
    expect(revision.coverImageUrl).toBe(`/media/${w.uploaded.storageKey}-card.webp`);
    expect(announcement).toMatchObject({
      revision: w.pending.announcement.revision,
      title: 'Ático soleado con terraza',
      announcementTypeCode: 'ATY002',
      price: 1000,
      submittedAt: day(2).toISOString(),
      imageCount: 1,
      propertyValidationStatus: 'PSG001',
    });
    expect(property).toMatchObject({
      revision: w.newProperty.revision,
      title: 'Piso en Madrid',
      municipalityName: 'Madrid',
      coverImageUrl: null,
      imageCount: 0,
      propertyValidationStatus: 'PSG002',
      owner: {
        id: w.owner.id,
        name: 'Begoña',
        surname: w.surname,
        phoneNumber: w.owner.phoneNumber,
        isVerified: false,
        isBlocked: false,
      },
    });
  });

  it('pages the queue, keeping the order', async () => {
    const w = await world();
    const q = `q=${encodeURIComponent(w.surname)}`;
    const first = await queue(`${q}&page=1&pageSize=2`);
    const second = await queue(`${q}&page=2&pageSize=2`);
    expect(first.total).toBe(3);
    expect(second.total).toBe(3);
    expect([...first.items, ...second.items].map((i) => i.kind)).toEqual([
      'property-revision',
      'announcement',
      'property',
    ]);
    expect((await queue(`${q}&page=3&pageSize=2`)).items).toEqual([]);
  });

  it('filters by reference, title, street and the owner’s name or phone, accents and case aside', async () => {
    const w = await world();
    const kinds = async (q: string) =>
      (await queue(`q=${encodeURIComponent(q)}`)).items
        .filter((i) => i.owner.id === w.owner.id)
        .map((i) => i.kind);
    expect(await kinds(w.newProperty.reference.toLowerCase())).toEqual(['property']);
    expect(await kinds('ATICO SOLEADO')).toEqual(['announcement']);
    expect(await kinds(`pez ${w.surname}`)).toEqual(['property']);
    expect(await kinds(`begona ${w.surname}`)).toEqual(['property-revision', 'announcement', 'property']);
    const phone = w.owner.phoneNumber ?? '';
    expect(await kinds(phone.slice(3))).toEqual(['property-revision', 'announcement', 'property']);
    expect(await kinds(`${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`)).toEqual([
      'property-revision',
      'announcement',
      'property',
    ]);
    expect(await kinds(`${w.surname} nada-que-ver`)).toEqual([]);
    expect(await kinds('100%_')).toEqual([]);
  });

  it('drops each thing once an agent decides on it', async () => {
    const w = await world();
    const q = `q=${encodeURIComponent(w.surname)}`;
    expect(
      (await decide('property', w.newProperty.id, { validate: true, revision: w.newProperty.revision }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await decide('property', w.edited.id, {
          validate: false,
          reasons: 'La foto no es de la vivienda',
          revision: 3,
        })
      ).statusCode,
    ).toBe(200);
    expect((await queue(q)).items.map((i) => i.kind)).toEqual(['announcement']);
    expect(
      (
        await decide('announcement', w.pending.announcement.id, {
          validate: false,
          reasons: 'Precio irreal',
          revision: w.pending.announcement.revision,
        })
      ).statusCode,
    ).toBe(200);
    expect((await queue(q)).total).toBe(0);
  });

  it('takes in what owners send through the API: a new property and an edit of a validated one', async () => {
    const owner = await userWithSession(t.database.db, { surname: `Ordóñez ${uniqueWord()}` });
    const q = `q=${encodeURIComponent(owner.user.surname)}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/property',
      headers: bearer(owner.token),
      payload: propertyForm,
    });
    expect(created.statusCode, created.body).toBe(201);
    const propertyId = created.json<{ data: { id: string } }>().data.id;
    const [sent] = (await queue(q)).items;
    expect(sent).toMatchObject({ kind: 'property', propertyId, revision: 1 });
    const approved = await decide('property', propertyId, { validate: true, revision: 1 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await queue(q)).total).toBe(0);

    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/property/${propertyId}`,
      headers: bearer(owner.token),
      payload: { ...propertyForm, rooms: 5 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const [revision] = (await queue(q)).items;
    expect(revision).toMatchObject({ kind: 'property-revision', propertyId, revision: 2 });
    expect(Date.now() - Date.parse(revision?.submittedAt ?? '')).toBeLessThan(60_000);
    expect((await decide('property', propertyId, { validate: true, revision: 2 })).statusCode).toBe(200);
    expect((await queue(q)).total).toBe(0);
  });

  it('keeps a blocked owner’s pending property, flagged', async () => {
    const db = t.database.db;
    const owner = await createUser(db, { surname: `Bloqueado ${uniqueWord()}`, isBlocked: true });
    await createProperty(db, owner.id, { validationStatus: 'PSG002' });
    const [item] = (await queue(`q=${encodeURIComponent(owner.surname)}`)).items;
    expect(item?.owner.isBlocked).toBe(true);
  });

  it('is for agents who validate properties only', async () => {
    const user = await userWithSession(t.database.db);
    expect((await get('/api/agents/validation-queue', user.token)).statusCode).toBe(403);
    expect((await get('/api/agents/validation-queue', null)).statusCode).toBe(401);
    const announcementsOnly = await agentWith(t.database.db, [Permission.ValidateAnnouncements]);
    expect((await get('/api/agents/validation-queue', announcementsOnly)).statusCode).toBe(403);
    const allowed = await agentWith(t.database.db, [Permission.ValidateProperties]);
    expect((await get('/api/agents/validation-queue', allowed)).statusCode).toBe(200);
  });

  it('answers 400 to a bad page, page size or filter', async () => {
    for (const query of ['page=0', 'page=abc', 'pageSize=0', 'pageSize=51', `q=${'x'.repeat(81)}`]) {
      expect((await get(`/api/agents/validation-queue?${query}`)).statusCode, query).toBe(400);
    }
  });
});
