import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { createAnnouncement, createUser } from '../../db/factories';
import { agentAuditLog } from '../../db/schema/index';
import { createSession } from '../../platform/auth';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import type { AuditResponse } from '@casaoferta/domain/schemas/agent-tools';

let t: TestApp;
let supervisor: { agent: { id: string; name: string; surname: string }; token: string };
let agent: { agent: { id: string }; token: string };
beforeAll(async () => {
  t = await createTestApp();
  supervisor = await agentWithSession(t.database.db, 'supervisor');
  agent = await agentWithSession(t.database.db, 'agent');
});
afterAll(() => t.close());

const rowsOf = (agentId: string) =>
  t.database.db
    .select()
    .from(agentAuditLog)
    .where(eq(agentAuditLog.agentId, agentId))
    .orderBy(desc(agentAuditLog.at));
const browse = (query: string, token: string | null = supervisor.token) =>
  t.app.inject({ method: 'GET', url: `/api/agents/audit${query}`, headers: token ? bearer(token) : {} });

describe('the audit log records agents’ actions in the platform', () => {
  it('records an agent’s non-GET calls, with the route, the target and the status; not their reads', async () => {
    const { agent: a, token } = await agentWithSession(t.database.db, 'agent');
    const user = await createUser(t.database.db);
    const owner = await createUser(t.database.db);
    const { announcement } = await createAnnouncement(t.database.db, owner.id);
    await t.app.inject({ method: 'POST', url: `/api/agents/user/${user.id}/verify`, headers: bearer(token) });
    await t.app.inject({ method: 'GET', url: `/api/agents/users/${user.id}`, headers: bearer(token) });
    await t.app.inject({
      method: 'POST',
      url: `/api/agents/announcement/${announcement.id}/extend-period`,
      headers: bearer(token),
      payload: { days: 200 },
    });
    // Refused for want of the permission: recorded too.
    await t.app.inject({
      method: 'POST',
      url: '/api/agents/users/black-list',
      headers: bearer(token),
      payload: { userId: user.id },
    });
    const rows = await rowsOf(a.id);
    expect(rows.map((r) => [r.method, r.action, r.status]).sort()).toEqual(
      [
        ['POST', '/api/agents/user/:id/verify', 200],
        ['POST', '/api/agents/announcement/:id/extend-period', 400],
        ['POST', '/api/agents/users/black-list', 403],
      ].sort(),
    );
    const verify = rows.find((r) => r.action === '/api/agents/user/:id/verify');
    expect(verify).toMatchObject({
      actingAsUserId: null,
      path: `/api/agents/user/${user.id}/verify`,
      targetUserId: user.id,
      targetAnnouncementId: null,
    });
    expect(verify?.ip).toBeTruthy();
    expect(rows.find((r) => r.action.endsWith('extend-period'))?.targetAnnouncementId).toBe(announcement.id);
  });

  it('records every request made while impersonating, reads included', async () => {
    const { user, token: userToken } = await userWithSession(t.database.db);
    const { agent: a } = await agentWithSession(t.database.db, 'agent');
    const asUser = await createSession(t.database.db, {
      userId: user.id,
      kind: 'impersonation',
      agentId: a.id,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(asUser.token) })).statusCode,
    ).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/agents/audit?page=1', headers: bearer(asUser.token) });
    await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(userToken) });
    const rows = await rowsOf(a.id);
    expect(rows.map((r) => [r.method, r.action, r.status, r.actingAsUserId]).sort()).toEqual(
      [
        ['GET', '/api/user', 200, user.id],
        ['GET', '/api/agents/audit', 403, user.id],
      ].sort(),
    );
    expect(rows.find((r) => r.action === '/api/agents/audit')?.path).toBe('/api/agents/audit');
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database', async () => {
    const user = await createUser(t.database.db);
    await t.app.inject({
      method: 'POST',
      url: `/api/agents/user/${user.id}/unverify`,
      headers: bearer(agent.token),
    });
    const [row] = await rowsOf(agent.agent.id);
    expect(row).toBeDefined();
    const id = row?.id ?? '';
    await expect(
      t.database.db.update(agentAuditLog).set({ status: 500 }).where(eq(agentAuditLog.id, id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(agentAuditLog).where(eq(agentAuditLog.id, id))).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate agent_audit_log`)).rejects.toThrow();
    const [after] = await t.database.db.select().from(agentAuditLog).where(eq(agentAuditLog.id, id));
    expect(after?.status).toBe(row?.status);
  });
});

describe('GET /api/agents/audit', () => {
  it('lists newest first with names, filtered by agent, user, action and time, paginated', async () => {
    const { agent: a, token } = await agentWithSession(t.database.db, 'agent');
    const users = [
      await createUser(t.database.db, { name: 'Rosa', surname: 'Martín' }),
      await createUser(t.database.db),
    ];
    const startedAt = new Date().toISOString();
    for (const user of users) {
      await t.app.inject({
        method: 'POST',
        url: `/api/agents/user/${user.id}/verify`,
        headers: bearer(token),
      });
      await t.app.inject({
        method: 'POST',
        url: `/api/agents/user/${user.id}/unverify`,
        headers: bearer(token),
      });
    }
    const mine = await browse(`?agentId=${a.id}`);
    expect(mine.statusCode).toBe(200);
    const all = mine.json<{ data: AuditResponse }>().data;
    expect(all.total).toBe(4);
    expect(all.items[0]?.action).toBe('/api/agents/user/:id/unverify');
    expect(all.items[0]?.targetUserId).toBe(users[1]?.id);
    expect(all.items[0]?.agentName).toBe(`${a.name} ${a.surname}`);
    const ats = all.items.map((i) => i.at);
    expect([...ats].sort().reverse()).toEqual(ats);

    const rosa = (await browse(`?agentId=${a.id}&userId=${users[0]?.id}`)).json<{ data: AuditResponse }>()
      .data;
    expect(rosa.total).toBe(2);
    expect(rosa.items.every((i) => i.targetUserName === 'Rosa Martín')).toBe(true);

    const verifies = (
      await browse(`?agentId=${a.id}&action=${encodeURIComponent('/api/agents/user/:id/verify')}`)
    ).json<{ data: AuditResponse }>().data;
    expect(verifies.items.map((i) => i.method + i.action)).toEqual(
      Array(2).fill('POST/api/agents/user/:id/verify'),
    );

    const page2 = (await browse(`?agentId=${a.id}&page=2&pageSize=3`)).json<{ data: AuditResponse }>().data;
    expect(page2).toMatchObject({ page: 2, pageSize: 3, total: 4 });
    expect(page2.items).toHaveLength(1);

    const future = new Date(Date.now() + 3600_000).toISOString();
    expect(
      (await browse(`?agentId=${a.id}&from=${encodeURIComponent(future)}`)).json<{ data: AuditResponse }>()
        .data.total,
    ).toBe(0);
    expect(
      (
        await browse(
          `?agentId=${a.id}&from=${encodeURIComponent(startedAt)}&to=${encodeURIComponent(future)}`,
        )
      ).json<{
        data: AuditResponse;
      }>().data.total,
    ).toBe(4);
  });

  it('names the user acted as', async () => {
    const { user } = await userWithSession(t.database.db, { name: 'Julia', surname: 'Sanz' });
    const { agent: a } = await agentWithSession(t.database.db, 'agent');
    const asUser = await createSession(t.database.db, {
      userId: user.id,
      kind: 'impersonation',
      agentId: a.id,
    });
    await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(asUser.token) });
    const page = (await browse(`?userId=${user.id}`)).json<{ data: AuditResponse }>().data;
    expect(page.items[0]).toMatchObject({
      agentId: a.id,
      actingAsUserId: user.id,
      actingAsUserName: 'Julia Sanz',
    });
  });

  it('is for supervisors: 403 agent without the permission, 403 user, 401 visitor, 400 bad filters', async () => {
    const { token: userToken } = await userWithSession(t.database.db);
    expect((await browse('', agent.token)).statusCode).toBe(403);
    expect((await browse('', userToken)).statusCode).toBe(403);
    expect((await browse('', null)).statusCode).toBe(401);
    expect((await browse('')).statusCode).toBe(200);
    for (const query of [
      '?agentId=abc',
      '?userId=1',
      '?from=ayer',
      `?from=${encodeURIComponent('0000-01-01T00:00:00Z')}`,
      `?to=${encodeURIComponent('9999-12-31T23:59:59+14:00')}`,
      '?page=0',
      '?pageSize=1000',
      `?from=${encodeURIComponent('2026-02-01T00:00:00Z')}&to=${encodeURIComponent('2026-01-01T00:00:00Z')}`,
    ]) {
      expect((await browse(query)).statusCode, query).toBe(400);
    }
    expect((await browse(`?agentId=${randomUUID()}`)).json<{ data: AuditResponse }>().data.total).toBe(0);
  });
});
