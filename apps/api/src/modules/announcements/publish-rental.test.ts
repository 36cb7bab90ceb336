import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAnnouncement, createProperty } from '../../db/factories';
import { announcements } from '../../db/schema/index';
import { createSession } from '../../platform/auth';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithSession>>;
let stranger: Awaited<ReturnType<typeof userWithSession>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db);
  stranger = await userWithSession(t.database.db);
});
afterAll(() => t.close());

const publish = (payload: object, token: string | null = owner.token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/announcement/publish',
    headers: token ? bearer(token) : {},
    payload,
  });
const newProperty = (validationStatus = 'PSG001', ownerId = owner.user.id) =>
  createProperty(t.database.db, ownerId, { validationStatus });
const rowsOf = (propertyId: string) =>
  t.database.db.select().from(announcements).where(eq(announcements.propertyId, propertyId));
const errorCode = (response: { json: () => unknown }) =>
  (response.json() as { errors: { code: string }[] }).errors[0]?.code;

describe('POST /api/announcement/publish (SPEC 7.3: a whole-home rental saved and published at once)', () => {
  it('saves the complete rental and sends it to validation: 201, pending validation', async () => {
    const property = await newProperty();
    const response = await publish({ propertyId: property.id, price: 950, depositCode: 'ADP001' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      typeCode: 'ATY002',
      statusCode: 'AST002',
      price: 950,
      propertyId: property.id,
    });
    const rows = await rowsOf(property.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.statusCode).toBe('AST002');
  });

  it('continues the draft a client id names (one row), also when the id is new', async () => {
    const property = await newProperty();
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/announcement/draft',
      headers: bearer(owner.token),
      payload: { propertyId: property.id, price: 800 },
    });
    const { id } = draft.json<{ data: { id: string } }>().data;
    const response = await publish({ id, propertyId: property.id, price: 990 });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ id, statusCode: 'AST002', price: 990 });
    expect(await rowsOf(property.id)).toHaveLength(1);

    const other = await newProperty();
    const fresh = randomUUID();
    const created = await publish({ id: fresh, propertyId: other.id, price: 700 });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ id: fresh, statusCode: 'AST002' });
  });

  it('a property never sent to validation: 422 PROPERTY_NOT_VALIDATED, and nothing stored', async () => {
    const property = await newProperty('PSG000');
    const response = await publish({ propertyId: property.id, price: 950 });
    expect(response.statusCode).toBe(422);
    expect(errorCode(response)).toBe('PROPERTY_NOT_VALIDATED');
    expect(await rowsOf(property.id)).toHaveLength(0);
    // A draft saved before stays as it was: the complete save rolls back with the refused publish.
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/announcement/draft',
      headers: bearer(owner.token),
      payload: { propertyId: property.id, price: 800 },
    });
    const { id } = draft.json<{ data: { id: string } }>().data;
    expect((await publish({ id, propertyId: property.id, price: 990 })).statusCode).toBe(422);
    expect((await rowsOf(property.id)).map((row) => [row.statusCode, row.price])).toEqual([['AST000', 800]]);
    const rejected = await newProperty('PSG004');
    expect(errorCode(await publish({ propertyId: rejected.id, price: 950 }))).toBe('PROPERTY_REJECTED');
  });

  it('an announcement already published: 409 INVALID_STATE, unchanged', async () => {
    const { announcement, property } = await createAnnouncement(t.database.db, owner.user.id);
    const response = await publish({ id: announcement.id, propertyId: property.id, price: 1200 });
    expect(response.statusCode).toBe(409);
    const [row] = await rowsOf(property.id);
    expect(row).toMatchObject({ statusCode: 'AST001', price: 1000 });
  });

  it('another owner: 404 for their property or their announcement, nothing written', async () => {
    const property = await newProperty();
    const theirs = await publish({ propertyId: property.id, price: 950 }, stranger.token);
    expect(theirs.statusCode).toBe(404);
    const { announcement, property: published } = await createAnnouncement(t.database.db, owner.user.id, {
      statusCode: 'AST000',
    });
    const other = await publish(
      { id: announcement.id, propertyId: published.id, price: 950 },
      stranger.token,
    );
    expect(other.statusCode).toBe(404);
    expect(await rowsOf(property.id)).toHaveLength(0);
    expect((await rowsOf(published.id))[0]?.statusCode).toBe('AST000');
  });

  it('401 for a visitor, 403 for an agent as himself, 400 or 422 for bad input; an agent acting as the owner may', async () => {
    const property = await newProperty();
    expect((await publish({ propertyId: property.id, price: 950 }, null)).statusCode).toBe(401);
    const agent = await agentWithSession(t.database.db, 'agent');
    expect((await publish({ propertyId: property.id, price: 950 }, agent.token)).statusCode).toBe(403);
    expect((await publish({ propertyId: 'x', price: 950 })).statusCode).toBe(400);
    expect((await publish({ propertyId: property.id, price: 'mil' })).statusCode).toBe(400);
    expect(errorCode(await publish({ propertyId: property.id, price: 5 }))).toBe('PRICE_OUT_OF_RANGE');
    expect(await rowsOf(property.id)).toHaveLength(0);
    const asOwner = await createSession(t.database.db, {
      userId: owner.user.id,
      kind: 'impersonation',
      agentId: agent.agent.id,
    });
    expect((await publish({ propertyId: property.id, price: 950 }, asOwner.token)).statusCode).toBe(201);
  });
});
