import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { createAnnouncement, createUser } from '../../db/factories';
import { roles, userRoles, users } from '../../db/schema/index';
import { createSession } from '../../platform/auth';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';

let t: TestApp;
let agent: { agent: { id: string }; token: string };
beforeAll(async () => {
  t = await createTestApp();
  agent = await agentWithSession(t.database.db, 'agent');
});
afterAll(() => t.close());

const post = (url: string, token?: string) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {} });
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const isVerified = async (id: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0]?.isVerified;

describe('POST /api/agents/user/:id/verify and /unverify', () => {
  it('sets and clears the verified badge, idempotently', async () => {
    const user = await createUser(t.database.db);
    const first = await post(`/api/agents/user/${user.id}/verify`, agent.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { id: user.id, isVerified: true } });
    expect((await post(`/api/agents/user/${user.id}/verify`, agent.token)).json()).toEqual({
      data: { id: user.id, isVerified: true },
    });
    expect(await isVerified(user.id)).toBe(true);
    const off = await post(`/api/agents/user/${user.id}/unverify`, agent.token);
    expect(off.json()).toEqual({ data: { id: user.id, isVerified: false } });
    expect((await post(`/api/agents/user/${user.id}/unverify`, agent.token)).statusCode).toBe(200);
    expect(await isVerified(user.id)).toBe(false);
  });

  it("shows the badge on the owner's public property page", async () => {
    const owner = await createUser(t.database.db);
    const { property } = await createAnnouncement(t.database.db, owner.id);
    const page = async () => (await get(`/api/property/${property.id}`)).json().data.ownerVerified as boolean;
    expect(await page()).toBe(false);
    await post(`/api/agents/user/${owner.id}/verify`, agent.token);
    expect(await page()).toBe(true);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expect((await post(`/api/agents/user/${randomUUID()}/verify`, agent.token)).statusCode).toBe(404);
    expect((await post('/api/agents/user/no-es-un-id/verify', agent.token)).statusCode).toBe(400);
  });

  it('refuses an agent account (403) and leaves it unchanged', async () => {
    const other = await agentWithSession(t.database.db, 'agent');
    const response = await post(`/api/agents/user/${other.agent.id}/verify`, agent.token);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ errors: { code: string }[] }>().errors[0]?.code).toBe('FORBIDDEN');
    expect(await isVerified(other.agent.id)).toBe(false);
  });

  it('refuses visitors (401), users (403), impersonations (403) and agents without the permission (403)', async () => {
    const user = await createUser(t.database.db);
    const plain = await userWithSession(t.database.db);
    expect((await post(`/api/agents/user/${user.id}/verify`)).statusCode).toBe(401);
    expect((await post(`/api/agents/user/${user.id}/verify`, plain.token)).statusCode).toBe(403);
    const asUser = await createSession(t.database.db, {
      userId: plain.user.id,
      kind: 'impersonation',
      agentId: agent.agent.id,
    });
    expect((await post(`/api/agents/user/${user.id}/unverify`, asUser.token)).statusCode).toBe(403);
    // An agent whose role lacks the permission: a session of a user with a role but no grants.
    const { token } = await roleWithout();
    expect((await post(`/api/agents/user/${user.id}/verify`, token)).statusCode).toBe(403);
    expect(await isVerified(user.id)).toBe(false);
  });
});

/** An agent session whose only role grants nothing (a role made for the test). */
async function roleWithout() {
  const [role] = await t.database.db
    .insert(roles)
    .values({ name: `sin-permisos-${randomUUID()}` })
    .returning();
  if (!role) throw new Error('no role');
  const user = await createUser(t.database.db, { email: `sin-${randomUUID()}@casaoferta.test` });
  await t.database.db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  return createSession(t.database.db, { userId: user.id, kind: 'agent' });
}

describe('GET /api/agents/users/:id', () => {
  it('answers what the Options sheet needs, for a user and for an agent', async () => {
    const user = await createUser(t.database.db, { isBlocked: true, isVerified: true });
    const response = await get(`/api/agents/users/${user.id}`, agent.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        id: user.id,
        name: user.name,
        surname: user.surname,
        phoneNumber: user.phoneNumber,
        isVerified: true,
        isBlocked: true,
        isAgent: false,
      },
    });
    const other = await agentWithSession(t.database.db, 'supervisor');
    expect(
      (await get(`/api/agents/users/${other.agent.id}`, agent.token)).json<{ data: { isAgent: boolean } }>()
        .data.isAgent,
    ).toBe(true);
  });

  it('is for any agent: 404 unknown, 400 malformed, 401 visitor, 403 user', async () => {
    const user = await createUser(t.database.db);
    const plain = await userWithSession(t.database.db);
    const { token } = await roleWithout();
    expect((await get(`/api/agents/users/${user.id}`, token)).statusCode).toBe(200);
    expect((await get(`/api/agents/users/${randomUUID()}`, agent.token)).statusCode).toBe(404);
    expect((await get('/api/agents/users/123', agent.token)).statusCode).toBe(400);
    expect((await get(`/api/agents/users/${user.id}`)).statusCode).toBe(401);
    expect((await get(`/api/agents/users/${user.id}`, plain.token)).statusCode).toBe(403);
  });
});
