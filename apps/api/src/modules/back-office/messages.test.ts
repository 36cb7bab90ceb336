import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { outbox } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';

let t: TestApp;
let agentToken: string;
beforeAll(async () => {
  t = await createTestApp();
  agentToken = (await agentWithSession(t.database.db, 'agent')).token;
});
afterAll(() => t.close());

const list = (query: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/agents/messages${query}`, headers: token ? bearer(token) : {} });

describe('GET /api/agents/messages (issue 12: failed messages visible to agents)', () => {
  it('lists failed messages newest first with their error, and never their text', async () => {
    const stamp = Date.now();
    const rows = await t.database.db
      .insert(outbox)
      .values([
        {
          channel: 'email',
          recipient: `caido.${stamp}@example.com`,
          subject: 'Has recibido una nueva oferta',
          body: 'texto',
          status: 'failed',
          attempts: 5,
          provider: 'smtp',
          lastError: 'ETIMEDOUT: Connection timeout',
          createdAt: new Date(Date.now() - 60_000),
        },
        {
          channel: 'sms',
          recipient: '+34600111222',
          body: 'Tu código de Casaoferta es 123456.',
          status: 'failed',
          attempts: 1,
          provider: 'twilio',
          lastError: '21211: número no válido',
        },
        { channel: 'sms', recipient: '+34600111333', body: 'enviado', status: 'sent', provider: 'outbox' },
      ])
      .returning({ id: outbox.id });
    const res = await list('?pageSize=100', agentToken);
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json().data as { items: Record<string, unknown>[]; total: number };
    const ours = items.filter((item) => rows.some((row) => row.id === item.id));
    expect(ours.map((item) => item.recipient)).toEqual(['+34600111222', `caido.${stamp}@example.com`]);
    expect(ours[1]).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastError: 'ETIMEDOUT: Connection timeout',
    });
    expect(JSON.stringify(items)).not.toContain('123456');
    expect(items.every((item) => !('body' in item))).toBe(true);
    expect(total).toBeGreaterThanOrEqual(2);

    const sms = (await list('?channel=sms&pageSize=100', agentToken)).json().data.items as { id: string }[];
    expect(sms.some((item) => item.id === rows[0]?.id)).toBe(false);
    const sent = (await list('?status=sent&pageSize=100', agentToken)).json().data.items as { id: string }[];
    expect(sent.some((item) => item.id === rows[2]?.id)).toBe(true);
    await t.database.db.delete(outbox).where(
      inArray(
        outbox.id,
        rows.map((row) => row.id),
      ),
    );
  });

  it('is for agents on their own session: 401 for visitors, 403 for users', async () => {
    expect((await list('')).statusCode).toBe(401);
    const { token } = await userWithSession(t.database.db);
    expect((await list('', token)).statusCode).toBe(403);
  });

  it('refuses an unknown status or channel with 400', async () => {
    expect((await list('?status=lost', agentToken)).statusCode).toBe(400);
    expect((await list('?channel=fax', agentToken)).statusCode).toBe(400);
    expect((await list('?pageSize=500', agentToken)).statusCode).toBe(400);
  });
});
