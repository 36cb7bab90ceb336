import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAgent, createUser } from '../../db/factories';
import { auditLog, sessions } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const send = (method: 'POST' | 'PUT', url: string, payload: object, token?: string) =>
  t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

describe('POST /api/authentication/agents/authenticate', () => {
  it('logs an agent in by e-mail (any case) and password', async () => {
    await createAgent(t.database.db, {
      email: 'marta@casaoferta.test',
      password: 'buena-contraseña',
      name: 'Marta',
    });
    const res = await send('POST', '/api/authentication/agents/authenticate', {
      email: 'MARTA@casaoferta.test',
      password: 'buena-contraseña',
    });
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json().data;
    expect(user.roles.map((r: { name: string }) => r.name)).toEqual(['agent']);
    expect((await get('/api/authentication/agents', token)).statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password, an unknown e-mail and a user without roles', async () => {
    await createAgent(t.database.db, { email: 'pablo@casaoferta.test', password: 'la-buena' });
    await createUser(t.database.db, { email: 'nobody@casaoferta.test' });
    for (const body of [
      { email: 'pablo@casaoferta.test', password: 'la-mala' },
      { email: 'nadie@casaoferta.test', password: 'la-buena' },
      { email: 'nobody@casaoferta.test', password: 'la-buena' },
    ]) {
      const res = await send('POST', '/api/authentication/agents/authenticate', body);
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0].code).toBe('INVALID_CREDENTIALS');
    }
  });

  it('refuses a blocked agent and bad input', async () => {
    await createAgent(t.database.db, {
      email: 'bloq@casaoferta.test',
      password: 'clave-valida',
      isBlocked: true,
    });
    const blocked = await send('POST', '/api/authentication/agents/authenticate', {
      email: 'bloq@casaoferta.test',
      password: 'clave-valida',
    });
    expect(blocked.statusCode).toBe(403);
    expect(
      (
        await send('POST', '/api/authentication/agents/authenticate', {
          email: 'no-es-correo',
          password: 'x',
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/authentication/agents', () => {
  it('accepts only an agent on their own session', async () => {
    const { token } = await agentWithSession(t.database.db);
    expect((await get('/api/authentication/agents', token)).statusCode).toBe(200);
    const user = await userWithSession(t.database.db);
    expect((await get('/api/authentication/agents', user.token)).statusCode).toBe(403);
    expect((await get('/api/authentication/agents')).statusCode).toBe(401);
  });
});

describe('GET /api/authentication/agents/manageable-users', () => {
  it('lists users without roles, searchable by name and phone, paginated', async () => {
    const { token, agent } = await agentWithSession(t.database.db);
    const target = await createUser(t.database.db, {
      name: 'Begoña',
      surname: 'Zubizarreta',
      phoneNumber: '+34655443322',
    });
    const byName = await get('/api/authentication/agents/manageable-users?search=zubiza', token);
    expect(byName.statusCode).toBe(200);
    expect(byName.json().data.items.map((u: { id: string }) => u.id)).toEqual([target.id]);
    const byPhone = await get('/api/authentication/agents/manageable-users?search=655%2044', token);
    expect(byPhone.json().data.items.map((u: { id: string }) => u.id)).toContain(target.id);
    const all = await get('/api/authentication/agents/manageable-users?pageSize=2&page=1', token);
    expect(all.json().data).toMatchObject({ page: 1, pageSize: 2 });
    expect(all.json().data.items).toHaveLength(2);
    const everyone = await get('/api/authentication/agents/manageable-users?pageSize=50', token);
    expect(everyone.json().data.items.map((u: { id: string }) => u.id)).not.toContain(agent.id);
    expect(
      (await get('/api/authentication/agents/manageable-users?search=%25', token)).json().data.items,
    ).toEqual([]);
  });

  it('refuses users, visitors and bad paging', async () => {
    const user = await userWithSession(t.database.db);
    expect((await get('/api/authentication/agents/manageable-users', user.token)).statusCode).toBe(403);
    expect((await get('/api/authentication/agents/manageable-users')).statusCode).toBe(401);
    const { token } = await agentWithSession(t.database.db);
    expect((await get('/api/authentication/agents/manageable-users?pageSize=500', token)).statusCode).toBe(
      400,
    );
  });
});

describe('POST /api/authentication/agents/impersonate', () => {
  it('gives a token of at most 60 minutes acting as the user, and audits every request made with it', async () => {
    const { token, agent } = await agentWithSession(t.database.db);
    const target = await createUser(t.database.db, { name: 'Rocío' });
    const res = await send(
      'POST',
      '/api/authentication/agents/impersonate',
      { userId: target.id, reason: 'Ayuda con su anuncio' },
      token,
    );
    expect(res.statusCode).toBe(200);
    const { token: temp, expiresAt, user } = res.json().data;
    expect(user).toMatchObject({ id: target.id, name: 'Rocío', isBlocked: false });
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    expect((await get('/api/authentication', temp)).json().data.id).toBe(target.id);
    await get('/api/masters/announcement-roles', temp);
    await get('/api/authentication/agents', temp); // an impersonation token is not an agent session: 403
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.userId, target.id));
    expect(rows.map((r) => [r.method, r.path, r.status, r.agentId])).toEqual([
      ['GET', '/api/authentication', 200, agent.id],
      ['GET', '/api/masters/announcement-roles', 200, agent.id],
      ['GET', '/api/authentication/agents', 403, agent.id],
    ]);
  });

  it('ends at its expiry', async () => {
    const { token } = await agentWithSession(t.database.db);
    const target = await createUser(t.database.db);
    const res = await send(
      'POST',
      '/api/authentication/agents/impersonate',
      { userId: target.id, reason: 'Revisión' },
      token,
    );
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, target.id));
    expect((await get('/api/authentication', res.json().data.token)).statusCode).toBe(401);
  });

  it('refuses impersonating an agent, an unknown user, a short reason, users and impersonation tokens', async () => {
    const { token } = await agentWithSession(t.database.db);
    const other = await agentWithSession(t.database.db);
    const agentTarget = await send(
      'POST',
      '/api/authentication/agents/impersonate',
      { userId: other.agent.id, reason: 'Motivo largo' },
      token,
    );
    expect(agentTarget.statusCode).toBe(403);
    expect(agentTarget.json().errors[0].code).toBe('CANNOT_IMPERSONATE_AGENT');
    const unknown = await send(
      'POST',
      '/api/authentication/agents/impersonate',
      { userId: '00000000-0000-4000-8000-000000000000', reason: 'Motivo largo' },
      token,
    );
    expect(unknown.statusCode).toBe(404);
    const target = await createUser(t.database.db);
    expect(
      (
        await send(
          'POST',
          '/api/authentication/agents/impersonate',
          { userId: target.id, reason: 'x' },
          token,
        )
      ).statusCode,
    ).toBe(400);
    const user = await userWithSession(t.database.db);
    expect(
      (
        await send(
          'POST',
          '/api/authentication/agents/impersonate',
          { userId: target.id, reason: 'Motivo largo' },
          user.token,
        )
      ).statusCode,
    ).toBe(403);
    const temp = (
      await send(
        'POST',
        '/api/authentication/agents/impersonate',
        { userId: target.id, reason: 'Motivo largo' },
        token,
      )
    ).json().data.token;
    expect(
      (
        await send(
          'POST',
          '/api/authentication/agents/impersonate',
          { userId: target.id, reason: 'Motivo largo' },
          temp,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('black list (block and readmit)', () => {
  it('blocking ends the sessions at once and refuses new logins; readmission lets the user in again', async () => {
    const { token } = await agentWithSession(t.database.db, 'supervisor');
    const victim = await userWithSession(t.database.db);
    const blocked = await send(
      'POST',
      '/api/agents/users/black-list',
      { userId: victim.user.id, reason: 'Fraude' },
      token,
    );
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ data: { isBlocked: true } });
    expect((await get('/api/authentication', victim.token)).statusCode).toBe(401);
    const status = await get('/api/authentication/users/blocked-status', victim.token);
    expect(status.json().data.isBlocked).toBe(true);

    const readmitted = await send('PUT', '/api/agents/users/black-list', { userId: victim.user.id }, token);
    expect(readmitted.json()).toEqual({ data: { isBlocked: false } });
    expect((await get('/api/authentication', victim.token)).statusCode).toBe(401); // old sessions stay ended
  });

  it('refuses agents without the permission, users, visitors, agent targets and unknown users', async () => {
    const plain = await agentWithSession(t.database.db, 'agent');
    const target = await createUser(t.database.db);
    expect(
      (await send('POST', '/api/agents/users/black-list', { userId: target.id }, plain.token)).statusCode,
    ).toBe(403);
    const user = await userWithSession(t.database.db);
    expect(
      (await send('POST', '/api/agents/users/black-list', { userId: target.id }, user.token)).statusCode,
    ).toBe(403);
    expect((await send('POST', '/api/agents/users/black-list', { userId: target.id })).statusCode).toBe(401);
    const boss = await agentWithSession(t.database.db, 'supervisor');
    expect(
      (await send('POST', '/api/agents/users/black-list', { userId: plain.agent.id }, boss.token)).statusCode,
    ).toBe(403);
    expect(
      (
        await send(
          'POST',
          '/api/agents/users/black-list',
          { userId: '00000000-0000-4000-8000-000000000000' },
          boss.token,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await send('POST', '/api/agents/users/black-list', { userId: 'not-a-uuid' }, boss.token)).statusCode,
    ).toBe(400);
  });
});
