import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { defaultNotificationSettings } from '@casaoferta/domain/schemas/user-settings';
import { createAnnouncement } from '../../db/factories';
import { announcementPriceChanges, announcements, favourites, outbox, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';

/** Issue 26 points 2 and 4 (decision 037): favourites, moderated price changes, history, alerts. */
let t: TestApp;
let owner: { token: string; user: { id: string } };
let tenant: { token: string; user: { id: string } };
let agentToken: string;
const tenantEmail = 'teresa.favoritos@example.com';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  owner = await userWithSession(db, { name: 'Olga', surname: 'Propietaria' });
  tenant = await userWithSession(db, { name: 'Teresa', surname: 'Inquilina' });
  // A confirmed address, and favourites' alerts preferred by e-mail (the issue's e-mail alert).
  await db
    .update(users)
    .set({
      email: tenantEmail,
      notificationSettings: {
        ...defaultNotificationSettings,
        favourites: { email: true, sms: false, whatsapp: true, preferred: 'email' },
      },
    })
    .where(eq(users.id, tenant.user.id));
  agentToken = (await agentWithSession(db, 'agent')).token;
});
afterAll(() => t.close());

const call = (
  token: string | null,
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
const live = async (overrides: Partial<typeof announcements.$inferInsert> = {}) =>
  (await createAnnouncement(t.database.db, owner.user.id, overrides)).announcement;
const alertsTo = (recipient: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.recipient, recipient));

async function changePrice(announcementId: string, price: number) {
  const asked = await call(owner.token, 'PUT', `/api/announcement/${announcementId}/price`, { price });
  expect(asked.statusCode, asked.body).toBe(200);
  const { revision } = asked.json().data as { revision: number };
  const approved = await call(agentToken, 'POST', `/api/agents/announcement/${announcementId}/price`, {
    approve: true,
    revision,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json().data as { price: number; pendingPrice: number | null };
}

describe('favourites', () => {
  it('PUT keeps one row however often it is sent, DELETE removes it; both are idempotent', async () => {
    const a = await live();
    for (let i = 0; i < 3; i += 1) {
      const res = await call(tenant.token, 'PUT', `/api/favourites/${a.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ announcementId: a.id, favourite: true });
    }
    const ids = await call(tenant.token, 'GET', '/api/favourites/ids');
    expect(ids.json().data.ids).toContain(a.id);
    for (let i = 0; i < 2; i += 1) {
      const res = await call(tenant.token, 'DELETE', `/api/favourites/${a.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.favourite).toBe(false);
    }
    const after = await call(tenant.token, 'GET', '/api/favourites/ids');
    expect(after.json().data.ids).not.toContain(a.id);
  });

  it('many PUTs at once make one row', async () => {
    const a = await live();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call(tenant.token, 'PUT', `/api/favourites/${a.id}`)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array.from({ length: 12 }, () => 200));
    const rows = await t.database.db
      .select()
      .from(favourites)
      .where(and(eq(favourites.userId, tenant.user.id), eq(favourites.announcementId, a.id)));
    expect(rows).toHaveLength(1);
  });

  it('refuses an announcement not on show (404) and a visitor (401), and stores nothing', async () => {
    const draft = await live({ statusCode: 'AST000', publishedAt: null, endsAt: null });
    expect((await call(tenant.token, 'PUT', `/api/favourites/${draft.id}`)).statusCode).toBe(404);
    const missing = '00000000-0000-4000-8000-000000000fa0';
    expect((await call(tenant.token, 'PUT', `/api/favourites/${missing}`)).statusCode).toBe(404);
    const a = await live();
    expect((await call(null, 'PUT', `/api/favourites/${a.id}`)).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/favourites')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/favourites/ids')).statusCode).toBe(401);
    expect((await call(null, 'DELETE', `/api/favourites/${a.id}`)).statusCode).toBe(401);
    expect((await call(tenant.token, 'PUT', '/api/favourites/not-a-uuid')).statusCode).toBe(400);
    const rows = await t.database.db.select().from(favourites).where(eq(favourites.announcementId, draft.id));
    expect(rows).toHaveLength(0);
  });

  it('an agent on their own session is refused (403): favourites are a person’s', async () => {
    const a = await live();
    expect((await call(agentToken, 'PUT', `/api/favourites/${a.id}`)).statusCode).toBe(403);
    expect((await call(agentToken, 'GET', '/api/favourites')).statusCode).toBe(403);
  });

  it('"Mis favoritos" lists newest first with each state, by keyset pages, and only the caller’s', async () => {
    const reader = await userWithSession(t.database.db, { name: 'Rita', surname: 'Lectora' });
    const first = await live({ customTitle: 'Primero' });
    const second = await live({ customTitle: 'Segundo' });
    const third = await live({ customTitle: 'Tercero' });
    for (const a of [first, second, third]) {
      expect((await call(reader.token, 'PUT', `/api/favourites/${a.id}`)).statusCode).toBe(200);
    }
    await t.database.db
      .update(announcements)
      .set({ statusCode: 'AST005' })
      .where(eq(announcements.id, first.id));
    await t.database.db
      .update(announcements)
      .set({ statusCode: 'AST003' })
      .where(eq(announcements.id, second.id));
    const page1 = (await call(reader.token, 'GET', '/api/favourites?limit=2')).json().data;
    expect(page1.items.map((i: { title: string }) => i.title)).toEqual(['Tercero', 'Segundo']);
    expect(page1.items.map((i: { state: string }) => i.state)).toEqual(['onShow', 'offersClosed']);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = (
      await call(reader.token, 'GET', `/api/favourites?limit=2&cursor=${page1.nextCursor as string}`)
    ).json().data;
    expect(page2.items.map((i: { title: string; state: string }) => [i.title, i.state])).toEqual([
      ['Primero', 'withdrawn'],
    ]);
    expect(page2.nextCursor).toBeNull();
    const theirs = (await call(tenant.token, 'GET', '/api/favourites?limit=50')).json().data.items;
    expect(theirs.map((i: { announcementId: string }) => i.announcementId)).not.toContain(first.id);
    expect((await call(reader.token, 'GET', '/api/favourites?cursor=bad')).statusCode).toBe(400);
  });
});

describe('price changes, history and alerts', () => {
  it('the owner’s new price waits for an agent; approval keeps the change, shows it and alerts favourites', async () => {
    const a = await live({ price: 1000, customTitle: 'Ático en Chamberí' });
    await call(tenant.token, 'PUT', `/api/favourites/${a.id}`);
    const asked = await call(owner.token, 'PUT', `/api/announcement/${a.id}/price`, { price: 950 });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({ price: 1000, pendingPrice: 950 });
    // Still the approved price in public, no history, no alert.
    const before = (await call(null, 'GET', `/api/property/${a.propertyId}`)).json().data.announcement;
    expect(before.price).toBe(1000);
    expect(before.priceHistory).toEqual([]);
    const alertsBefore = (await alertsTo(tenantEmail)).length;

    const decided = await call(agentToken, 'POST', `/api/agents/announcement/${a.id}/price`, {
      approve: true,
      revision: asked.json().data.revision as number,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().data).toMatchObject({ price: 950, pendingPrice: null });

    const page = (await call(null, 'GET', `/api/property/${a.propertyId}`)).json().data.announcement;
    expect(page.price).toBe(950);
    expect(page.priceHistory).toEqual([{ oldPrice: 1000, newPrice: 950, changedAt: expect.any(String) }]);
    const card = (await call(null, 'POST', '/api/announcement/search', { q: 'chamberi' }))
      .json()
      .data.items.find((item: { id: string }) => item.id === a.id);
    expect(card.priceDrop).toBe(50);

    const alerts = await alertsTo(tenantEmail);
    expect(alerts).toHaveLength(alertsBefore + 1);
    const alert = alerts.find((m) => m.subject?.includes('Ático en Chamberí'));
    expect(alert?.channel).toBe('email');
    expect(alert?.body).toContain('ha bajado 50 €');
    expect(alert?.body).toContain('950 €/mes');
    expect(alert?.body).toContain(`/property/${a.propertyId}`);
    expect(alert?.body).toMatch(/\/unsubscribe\?token=[0-9a-f-]+&kind=favourites/);
    // The owner is told too, on their own channel; never of a favourite alert.
    const ownerAlerts = await t.database.db.select().from(outbox);
    expect(ownerAlerts.filter((m) => m.subject === 'Hemos publicado tu nuevo precio').length).toBeGreaterThan(
      0,
    );
  });

  it('a rise is kept and shown but alerts nobody; the card shows no badge', async () => {
    const a = await live({ price: 1000, customTitle: 'Loft en Lavapiés' });
    await call(tenant.token, 'PUT', `/api/favourites/${a.id}`);
    const alertsBefore = (await alertsTo(tenantEmail)).length;
    await changePrice(a.id, 1100);
    const page = (await call(null, 'GET', `/api/property/${a.propertyId}`)).json().data.announcement;
    expect(page.priceHistory.map((c: { newPrice: number }) => c.newPrice)).toEqual([1100]);
    expect(await alertsTo(tenantEmail)).toHaveLength(alertsBefore);
    const card = (await call(null, 'POST', '/api/announcement/search', { q: 'lavapies' })).json().data
      .items[0];
    expect(card.priceDrop).toBeNull();
    // Then a drop: newest first, and the badge counts from the last public price.
    await changePrice(a.id, 1050);
    const again = (await call(null, 'GET', `/api/property/${a.propertyId}`)).json().data.announcement;
    expect(again.priceHistory.map((c: { newPrice: number }) => c.newPrice)).toEqual([1050, 1100]);
    const dropped = (await call(null, 'POST', '/api/announcement/search', { q: 'lavapies' })).json().data
      .items[0];
    expect(dropped.priceDrop).toBe(50);
  });

  it('refusals: another owner 404, not on show 409, out of range 422, outdated revision 409, none pending 409', async () => {
    const a = await live();
    const other = await userWithSession(t.database.db);
    expect(
      (await call(other.token, 'PUT', `/api/announcement/${a.id}/price`, { price: 900 })).statusCode,
    ).toBe(404);
    const withdrawn = await live({ statusCode: 'AST005' });
    expect(
      (await call(owner.token, 'PUT', `/api/announcement/${withdrawn.id}/price`, { price: 900 })).statusCode,
    ).toBe(409);
    const low = await call(owner.token, 'PUT', `/api/announcement/${a.id}/price`, { price: 5 });
    expect(low.statusCode).toBe(422);
    expect(low.json().errors[0].code).toBe('PRICE_OUT_OF_RANGE');
    expect(
      (await call(owner.token, 'PUT', `/api/announcement/${a.id}/price`, { price: 9.5 })).statusCode,
    ).toBe(400);
    const none = await call(agentToken, 'POST', `/api/agents/announcement/${a.id}/price`, {
      approve: true,
      revision: a.revision,
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().errors[0].code).toBe('PRICE_CHANGE_NOT_PENDING');
    const asked = (await call(owner.token, 'PUT', `/api/announcement/${a.id}/price`, { price: 900 })).json()
      .data;
    const outdated = await call(agentToken, 'POST', `/api/agents/announcement/${a.id}/price`, {
      approve: true,
      revision: (asked.revision as number) - 1,
    });
    expect(outdated.json().errors[0].code).toBe('REVISION_OUTDATED');
    expect(
      (
        await call(owner.token, 'POST', `/api/agents/announcement/${a.id}/price`, {
          approve: true,
          revision: asked.revision as number,
        })
      ).statusCode,
    ).toBe(403);
    const [row] = await t.database.db.select().from(announcements).where(eq(announcements.id, a.id));
    expect(row?.price).toBe(1000);
    const history = await t.database.db
      .select()
      .from(announcementPriceChanges)
      .where(eq(announcementPriceChanges.announcementId, a.id));
    expect(history).toHaveLength(0);
    // Refused: the public price stays, the waiting one goes.
    const refused = await call(agentToken, 'POST', `/api/agents/announcement/${a.id}/price`, {
      approve: false,
      revision: asked.revision as number,
    });
    expect(refused.json().data).toMatchObject({ price: 1000, pendingPrice: null });
  });

  it('many approvals of one change at once: one wins, one history row, one alert', async () => {
    const a = await live({ price: 1000, customTitle: 'Estudio en Malasaña' });
    await call(tenant.token, 'PUT', `/api/favourites/${a.id}`);
    const alertsBefore = (await alertsTo(tenantEmail)).length;
    const { revision } = (
      await call(owner.token, 'PUT', `/api/announcement/${a.id}/price`, { price: 900 })
    ).json().data as { revision: number };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(agentToken, 'POST', `/api/agents/announcement/${a.id}/price`, { approve: true, revision }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(7);
    const history = await t.database.db
      .select()
      .from(announcementPriceChanges)
      .where(eq(announcementPriceChanges.announcementId, a.id));
    expect(history).toHaveLength(1);
    expect(await alertsTo(tenantEmail)).toHaveLength(alertsBefore + 1);
  });

  it('closing the offers alerts the favourites; the favourite unsubscribe link turns those alerts off', async () => {
    const a = await live({ customTitle: 'Dúplex en Retiro' });
    await call(tenant.token, 'PUT', `/api/favourites/${a.id}`);
    const before = (await alertsTo(tenantEmail)).length;
    const closed = await call(owner.token, 'PUT', `/api/announcement/${a.id}/close-bidding`);
    expect(closed.statusCode, closed.body).toBe(200);
    const alerts = await alertsTo(tenantEmail);
    expect(alerts).toHaveLength(before + 1);
    const alert = alerts.find((m) => m.subject === 'Ya no admite ofertas: Dúplex en Retiro');
    const token = /token=([0-9a-f-]+)&kind=favourites/.exec(alert?.body ?? '')?.[1];
    expect(token).toEqual(expect.any(String));

    const res = await call(null, 'POST', '/api/user/email/unsubscribe', { token, kind: 'favourites' });
    expect(res.statusCode, res.body).toBe(200);
    const settings = (await call(tenant.token, 'GET', '/api/user')).json().data.notificationSettings;
    expect(settings.favourites).toEqual({ email: false, sms: false, whatsapp: false, preferred: null });
    // Other notices keep their e-mail.
    expect(settings.offers.email).toBe(true);

    const next = await live({ price: 1000, customTitle: 'Casa en Usera' });
    await call(tenant.token, 'PUT', `/api/favourites/${next.id}`);
    const count = (await alertsTo(tenantEmail)).length;
    await changePrice(next.id, 800);
    expect(await alertsTo(tenantEmail)).toHaveLength(count);
    const bad = await call(null, 'POST', '/api/user/email/unsubscribe', { token, kind: 'everything' });
    expect(bad.statusCode).toBe(400);
  });
});
