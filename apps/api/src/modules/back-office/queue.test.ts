import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
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
    const { items, total, totalCapped, pageSize, nextCursor } = await queue(
      `q=${encodeURIComponent(w.surname)}`,
    );
    expect({ total, totalCapped, pageSize, nextCursor }).toEqual({
      total: 3,
      totalCapped: false,
      pageSize: 20,
      nextCursor: null,
    });
    expect(items.every((i) => i.jointAnnouncements.length === 0)).toBe(true);
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

  it('pages the queue with a cursor, keeping the order', async () => {
    const w = await world();
    const q = `q=${encodeURIComponent(w.surname)}`;
    const first = await queue(`${q}&pageSize=2`);
    expect(first.total).toBe(3);
    expect(first.nextCursor).not.toBeNull();
    const second = await queue(`${q}&pageSize=2&cursor=${first.nextCursor ?? ''}`);
    expect(second.total).toBe(3);
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((i) => i.kind)).toEqual([
      'property-revision',
      'announcement',
      'property',
    ]);
  });

  it('pages through things sent at the same moment one by one, each once, in the order of one page', async () => {
    const db = t.database.db;
    const surname = `Simultáneo ${uniqueWord()}`;
    const owner = await createUser(db, { name: 'Eulalia', surname });
    const at = day(5);
    for (let n = 0; n < 3; n++)
      await createProperty(db, owner.id, { validationStatus: 'PSG002', updatedAt: at });
    for (let n = 0; n < 3; n++) {
      const { announcement } = await createAnnouncement(db, owner.id, {
        statusCode: 'AST002',
        publishedAt: null,
        endsAt: null,
      });
      await db.update(announcements).set({ updatedAt: at }).where(eq(announcements.id, announcement.id));
    }
    const edited = await createProperty(db, owner.id);
    await db
      .update(properties)
      .set({
        pendingRevision: {
          status: 'pending',
          reason: null,
          submittedAt: at.toISOString(),
          fields: liveFields(edited),
          imageIds: [],
        },
      })
      .where(eq(properties.id, edited.id));
    const q = `q=${encodeURIComponent(surname)}`;
    const whole = await queue(q);
    expect(whole.items).toHaveLength(7);
    const key = (i: ValidationQueueItem) => `${i.kind}:${i.propertyId}:${i.announcementId ?? ''}`;
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ValidationQueueResponse = await queue(
        `${q}&pageSize=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      walked.push(...page.items.map(key));
      cursor = page.nextCursor;
    } while (cursor && walked.length < 10);
    expect(walked).toEqual(whole.items.map(key));
    expect(whole.items.map((i) => i.kind)).toEqual([
      'announcement',
      'announcement',
      'announcement',
      'property',
      'property',
      'property',
      'property-revision',
    ]);

    // Without a search too (each kind read from its own index): the same walk, one page of two at a time.
    const all = async (size: number) => {
      const seen: string[] = [];
      let next: string | null = null;
      do {
        const page: ValidationQueueResponse = await queue(`pageSize=${size}${next ? `&cursor=${next}` : ''}`);
        seen.push(...page.items.map(key));
        next = page.nextCursor;
      } while (next);
      return seen.filter((k) => whole.items.some((i) => key(i) === k));
    };
    expect(await all(2)).toEqual(whole.items.map(key));
  });

  it('answers 400 to a cursor that is not one of its own, and stores nothing', async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const id = randomUUID();
    for (const cursor of [
      'nada',
      encode({ t: '2020-01-01T00:00:00.000000Z', k: 7, p: id, a: null }),
      encode({ t: '0999-01-01T00:00:00.000000Z', k: 1, p: id, a: null }),
      encode({ t: '2020-01-01T00:00:00Z', k: 1, p: id, a: null }),
      encode({ t: '2020-01-01T00:00:00.000000Z', k: 0, p: id, a: null }),
      encode({ t: '2020-01-01T00:00:00.000000Z', k: 1, p: 'x', a: null }),
      'x'.repeat(301),
    ]) {
      const res = await get(`/api/agents/validation-queue?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
    }
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

  it('lists a property and the announcement sent with it as one item, the property’s (decision 028)', async () => {
    const owner = await userWithSession(t.database.db, { surname: `Pareja ${uniqueWord()}` });
    const q = `q=${encodeURIComponent(owner.user.surname)}`;
    const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(owner.token), ...(payload ? { payload } : {}) });
    const created = await call('POST', '/api/property', propertyForm);
    expect(created.statusCode, created.body).toBe(201);
    const propertyId = created.json<{ data: { id: string } }>().data.id;
    const draft = await call('POST', '/api/announcement/draft', {
      propertyId,
      price: 950,
      customTitle: 'Piso enviado con su inmueble',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const announcementId = draft.json<{ data: { id: string } }>().data.id;
    expect((await call('POST', `/api/announcement/${announcementId}/publish`)).statusCode).toBe(200);
    const [announcement] = await t.database.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, announcementId));

    const sent = await queue(q);
    expect(sent.total).toBe(1);
    expect(sent.items).toHaveLength(1);
    expect(sent.items[0]).toMatchObject({
      kind: 'property',
      propertyId,
      announcementId: null,
      title: 'Piso enviado con su inmueble',
      price: 950,
      announcementTypeCode: 'ATY002',
      jointAnnouncements: [{ id: announcementId, revision: announcement?.revision, typeCode: 'ATY002' }],
    });

    // The property rejected alone: its announcement waits for the corrected property, not for an agent.
    const rejected = await decide('property', propertyId, {
      validate: false,
      reasons: 'Falta el número de la calle',
      revision: 1,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await queue(q)).toMatchObject({ items: [], total: 0 });

    // Sent again, corrected: one item with its announcement again; decided together, nothing waits.
    const corrected = await call('PUT', `/api/property/${propertyId}`, { ...propertyForm, rooms: 4 });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const [again] = (await queue(q)).items;
    expect(again).toMatchObject({
      kind: 'property',
      propertyId,
      jointAnnouncements: [{ id: announcementId }],
    });
    const both = await decide('property', propertyId, {
      validate: true,
      revision: again?.revision,
      announcement: { id: announcementId, validate: true, revision: again?.jointAnnouncements[0]?.revision },
    });
    expect(both.statusCode, both.body).toBe(200);
    expect((await queue(q)).total).toBe(0);

    // An announcement sent once its property is validated is an item of its own.
    const second = await call('POST', '/api/announcement/draft', { propertyId, price: 990 });
    expect(second.statusCode, second.body).toBe(200);
    const secondId = second.json<{ data: { id: string } }>().data.id;
    expect((await call('POST', `/api/announcement/${secondId}/publish`)).statusCode).toBe(200);
    expect((await queue(q)).items).toMatchObject([
      { kind: 'announcement', propertyId, announcementId: secondId, jointAnnouncements: [] },
    ]);
  });

  it('counts up to 1.000 and then says there are more', async () => {
    const db = t.database.db;
    const owner = await createUser(db, { surname: `Muchos ${uniqueWord()}` });
    await db.execute(sql`
      insert into properties (owner_id, reference, validation_status, updated_at)
      select ${owner.id}, 'CUENTA-' || ${owner.id}::text || '-' || g, 'PSG002', now() - g * interval '1 second'
      from generate_series(1, 1001) g`);
    const all = await queue('pageSize=5');
    expect({ total: all.total, totalCapped: all.totalCapped }).toEqual({ total: 1000, totalCapped: true });
    expect(all.items).toHaveLength(5);
    const mine = await queue(`q=${encodeURIComponent(owner.surname)}&pageSize=5`);
    expect({ total: mine.total, totalCapped: mine.totalCapped }).toEqual({ total: 1000, totalCapped: true });
    await db.delete(properties).where(eq(properties.ownerId, owner.id));
    const none = await queue(`q=${encodeURIComponent(owner.surname)}`);
    expect({ total: none.total, totalCapped: none.totalCapped }).toEqual({ total: 0, totalCapped: false });
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

  it('answers 400 to a bad page size or filter', async () => {
    for (const query of ['pageSize=abc', 'pageSize=0', 'pageSize=51', `q=${'x'.repeat(81)}`]) {
      expect((await get(`/api/agents/validation-queue?${query}`)).statusCode, query).toBe(400);
    }
  });
});
