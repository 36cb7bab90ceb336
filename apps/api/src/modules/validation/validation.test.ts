import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAnnouncement, createProperty, createUser } from '../../db/factories';
import { announcements, outbox, properties, users } from '../../db/schema/index';
import { createTestApp, testConfig, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';

let t: TestApp;
let agentToken: string;
let ownerId: string;
beforeAll(async () => {
  t = await createTestApp();
  agentToken = (await agentWithSession(t.database.db, 'agent')).token;
  ownerId = (await createUser(t.database.db)).id;
});
afterAll(() => t.close());

const post = (url: string, payload: object, token = agentToken) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

describe('POST /api/agents/property/{id}/validate', () => {
  it('validates a pending property and answers its owner; rejects a validated one with a reason', async () => {
    const property = await createProperty(t.database.db, ownerId, { validationStatus: 'PSG002' });
    const revision = property.revision;
    const ok = await post(`/api/agents/property/${property.id}/validate`, { validate: true, revision });
    expect(ok.json()).toEqual({ data: { id: property.id, fkUserId: ownerId } });
    expect(
      (await post(`/api/agents/property/${property.id}/validate`, { validate: true, revision })).statusCode,
    ).toBe(409);
    expect(
      (await post(`/api/agents/property/${property.id}/validate`, { validate: false, revision })).statusCode,
    ).toBe(400);
    const rejected = await post(`/api/agents/property/${property.id}/validate`, {
      status: false,
      reasons: 'Dirección incompleta',
      revision,
    });
    expect(rejected.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(properties).where(eq(properties.id, property.id));
    expect(row).toMatchObject({ validationStatus: 'PSG004', validationReason: 'Dirección incompleta' });
  });

  it('refuses users, visitors, impersonation, unknown ids and bodies without a decision', async () => {
    const property = await createProperty(t.database.db, ownerId, { validationStatus: 'PSG002' });
    const user = await userWithSession(t.database.db);
    expect(
      (
        await post(
          `/api/agents/property/${property.id}/validate`,
          { validate: true, revision: 1 },
          user.token,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/agents/property/${property.id}/validate`,
          payload: { validate: true, revision: 1 },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await post('/api/agents/property/00000000-0000-4000-8000-000000000000/validate', {
          validate: true,
          revision: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await post(`/api/agents/property/${property.id}/validate`, {})).statusCode).toBe(400);
    expect((await post(`/api/agents/property/${property.id}/validate`, { validate: true })).statusCode).toBe(
      400,
    );
    const [row] = await t.database.db.select().from(properties).where(eq(properties.id, property.id));
    expect(row?.validationStatus).toBe('PSG002');
  });
});

describe('rejecting a validated property', () => {
  it('takes its announcements on show out of the catalogue, with the same reason', async () => {
    const { property, announcement } = await createAnnouncement(t.database.db, ownerId);
    const rejected = await post(`/api/agents/property/${property.id}/validate`, {
      validate: false,
      reasons: 'La vivienda no existe',
      revision: property.revision,
    });
    expect(rejected.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, announcement.id));
    expect(row).toMatchObject({ statusCode: 'AST007', statusReason: 'La vivienda no existe' });
    expect((await t.app.inject({ method: 'GET', url: `/api/property/${property.id}` })).statusCode).toBe(404);
  });
});

describe('POST /api/agents/announcement/{id}/validate', () => {
  it('publishes a pending announcement for its period, and rejects with a reason', async () => {
    const { announcement } = await createAnnouncement(t.database.db, ownerId, {
      statusCode: 'AST002',
      publishedAt: null,
      endsAt: null,
    });
    const ok = await post(`/api/agents/announcement/${announcement.id}/validate`, {
      validate: true,
      revision: announcement.revision,
    });
    expect(ok.json()).toEqual({ data: { id: announcement.id, userId: ownerId } });
    const [live] = await t.database.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, announcement.id));
    expect(live?.statusCode).toBe('AST001');
    expect(live?.endsAt?.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);

    const pending = await createAnnouncement(t.database.db, ownerId, { statusCode: 'AST002' });
    const rejected = await post(`/api/agents/announcement/${pending.announcement.id}/validate`, {
      validate: false,
      reasons: 'Precio irreal',
      revision: pending.announcement.revision,
    });
    expect(rejected.statusCode).toBe(200);
    expect(
      (
        await post(`/api/agents/announcement/${announcement.id}/validate`, {
          validate: false,
          reasons: 'x',
          revision: announcement.revision,
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('OpenAPI', () => {
  it('documents the revision a decision names and the review that gives it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { description?: string; requestBody?: unknown }>>;
    }>();
    for (const path of ['/api/agents/property/{id}/validate', '/api/agents/announcement/{id}/validate']) {
      const post = doc.paths[path]?.post;
      expect(post?.description, path).toContain('REVISION_OUTDATED');
      expect(JSON.stringify(post?.requestBody), path).toContain('"revision"');
    }
    expect(doc.paths['/api/agents/property/{id}/review']?.get?.description).toContain('revision');
  });
});

describe("the owner's notices link to the property's next step (issue 23)", () => {
  const origin = testConfig().publicOrigin;
  /** The bodies of the notices queued for `userId` with `subject`, on whatever channel. */
  const bodies = async (userId: string, subject: string) => {
    const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.subject, subject));
    const mine = rows.filter((row) => [user?.phoneNumber, user?.email].includes(row.recipient));
    expect(mine.length, subject).toBeGreaterThan(0);
    return mine.map((row) => row.body);
  };

  it('a property validated without an announcement: to its page, where one is created', async () => {
    const owner = await createUser(t.database.db);
    const property = await createProperty(t.database.db, owner.id, { validationStatus: 'PSG002' });
    await post(`/api/agents/property/${property.id}/validate`, {
      validate: true,
      revision: property.revision,
    });
    for (const body of await bodies(owner.id, 'Tu inmueble está validado'))
      expect(body).toContain(`Crea su anuncio aquí: ${origin}/property-detail/${property.id}`);
  });

  it('a property validated with a draft announcement: to that draft, to finish and publish it', async () => {
    const owner = await createUser(t.database.db);
    const { property, announcement } = await createAnnouncement(
      t.database.db,
      owner.id,
      { statusCode: 'AST000', typeCode: 'ATY003', publishedAt: null, endsAt: null },
      { validationStatus: 'PSG002' },
    );
    await post(`/api/agents/property/${property.id}/validate`, {
      validate: true,
      revision: property.revision,
    });
    for (const body of await bodies(owner.id, 'Tu inmueble está validado'))
      expect(body).toContain(
        `Termina su anuncio y publícalo aquí: ${origin}/new-announcement-venta/${property.id}/${announcement.id}`,
      );
  });

  it('a property rejected: to its form; an announcement published: to its offers; rejected: to its form', async () => {
    const owner = await createUser(t.database.db);
    const property = await createProperty(t.database.db, owner.id, { validationStatus: 'PSG002' });
    await post(`/api/agents/property/${property.id}/validate`, {
      validate: false,
      reasons: 'Faltan fotos',
      revision: property.revision,
    });
    for (const body of await bodies(owner.id, 'No hemos podido validar tu inmueble'))
      expect(body).toContain(`Corrígelo aquí: ${origin}/new-property/${property.id}`);

    const pending = { statusCode: 'AST002', publishedAt: null, endsAt: null };
    const shown = await createAnnouncement(t.database.db, owner.id, pending, { validationStatus: 'PSG001' });
    await post(`/api/agents/announcement/${shown.announcement.id}/validate`, {
      validate: true,
      revision: shown.announcement.revision,
    });
    for (const body of await bodies(owner.id, 'Tu anuncio ya está publicado'))
      expect(body).toContain(`Sigue sus ofertas aquí: ${origin}/property/${shown.property.id}/offers`);

    const refused = await createAnnouncement(t.database.db, owner.id, pending, {
      validationStatus: 'PSG001',
    });
    await post(`/api/agents/announcement/${refused.announcement.id}/validate`, {
      validate: false,
      reasons: 'Precio incorrecto',
      revision: refused.announcement.revision,
    });
    for (const body of await bodies(owner.id, 'No hemos podido publicar tu anuncio'))
      expect(body).toContain(
        `Corrige el anuncio aquí: ${origin}/new-announcement-alquiler/${refused.property.id}/${refused.announcement.id}`,
      );
  });
});
