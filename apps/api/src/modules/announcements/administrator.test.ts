import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAnnouncement, createProperty } from '../../db/factories';
import { users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';

let t: TestApp;
let owner: { token: string; user: { id: string } };
let stranger: { token: string; user: { id: string } };
let live: Awaited<ReturnType<typeof createAnnouncement>>;
let draft: Awaited<ReturnType<typeof createAnnouncement>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db);
  stranger = await userWithSession(t.database.db);
  live = await createAnnouncement(t.database.db, owner.user.id);
  draft = await createAnnouncement(
    t.database.db,
    owner.user.id,
    { statusCode: 'AST000', publishedAt: null, endsAt: null },
    { validationStatus: 'PSG000' },
  );
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });
const ofAnnouncement = (id: string) => `/api/announcement/${id}/administrator`;
const ofProperty = (id: string) => `/api/announcement/property/${id}/administrator`;
const missing = '00000000-0000-4000-8000-00000000dead';

describe('GET /api/announcement/{id}/administrator and /property/{id}/administrator', () => {
  it('tells the owner they administer their listing, live or draft', async () => {
    expect((await get(ofAnnouncement(live.announcement.id), owner.token)).json()).toEqual({
      data: { administrator: true, propertyId: live.property.id, announcementId: live.announcement.id },
    });
    expect((await get(ofProperty(live.property.id), owner.token)).json().data).toEqual({
      administrator: true,
      propertyId: live.property.id,
      announcementId: live.announcement.id,
    });
    expect((await get(ofAnnouncement(draft.announcement.id), owner.token)).json().data).toMatchObject({
      administrator: true,
      propertyId: draft.property.id,
    });
    expect((await get(ofProperty(draft.property.id), owner.token)).json().data).toEqual({
      administrator: true,
      propertyId: draft.property.id,
      announcementId: draft.announcement.id,
    });
    const bare = await createProperty(t.database.db, owner.user.id, { validationStatus: 'PSG000' });
    expect((await get(ofProperty(bare.id), owner.token)).json().data).toEqual({
      administrator: true,
      propertyId: bare.id,
      announcementId: null,
    });
  });

  it("answers false for another user's live listing", async () => {
    const res = await get(ofAnnouncement(live.announcement.id), stranger.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      administrator: false,
      propertyId: live.property.id,
      announcementId: live.announcement.id,
    });
    expect((await get(ofProperty(live.property.id), stranger.token)).json().data).toMatchObject({
      administrator: false,
      announcementId: live.announcement.id,
    });
  });

  it("hides another user's draft or ended listing behind the same 404 as a missing one", async () => {
    const ended = await createAnnouncement(t.database.db, owner.user.id, {
      publishedAt: new Date(Date.now() - 40 * 24 * 3600_000),
    });
    const urls = [
      ofAnnouncement(draft.announcement.id),
      ofProperty(draft.property.id),
      ofAnnouncement(ended.announcement.id),
      ofProperty(ended.property.id),
      ofAnnouncement(missing),
      ofProperty(missing),
    ];
    const answers = await Promise.all(urls.map((url) => get(url, stranger.token)));
    for (const [index, res] of answers.entries()) {
      expect(res.statusCode, urls[index]).toBe(404);
      expect(res.json(), urls[index]).toEqual(answers[answers.length - 1]?.json());
    }
    expect(answers[0]?.json().errors[0].code).toBe('NOT_FOUND');
  });

  it('needs a session, and refuses a blocked user like every user call (401)', async () => {
    for (const url of [ofAnnouncement(live.announcement.id), ofProperty(live.property.id)]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().errors[0].code).toBe('UNAUTHENTICATED');
    }
    const blocked = await userWithSession(t.database.db);
    await t.database.db.update(users).set({ isBlocked: true }).where(eq(users.id, blocked.user.id));
    expect((await get(ofAnnouncement(live.announcement.id), blocked.token)).statusCode).toBe(401);
    expect((await get(ofProperty(live.property.id), blocked.token)).statusCode).toBe(401);
  });

  it('refuses a malformed id with 400', async () => {
    for (const url of [ofAnnouncement('not-a-uuid'), ofProperty('123')]) {
      const res = await get(url, owner.token);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'id' });
    }
  });

  it('lets an agent impersonating the owner act as the owner; on their own session an agent is a stranger', async () => {
    const agent = await agentWithSession(t.database.db);
    const impersonation = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/agents/impersonate',
      headers: bearer(agent.token),
      payload: { userId: owner.user.id, reason: 'Ayuda con su anuncio' },
    });
    expect(impersonation.statusCode).toBe(200);
    const asOwner = impersonation.json().data.token as string;
    expect((await get(ofAnnouncement(draft.announcement.id), asOwner)).json().data.administrator).toBe(true);
    expect((await get(ofProperty(draft.property.id), asOwner)).json().data.administrator).toBe(true);

    expect((await get(ofAnnouncement(live.announcement.id), agent.token)).json().data.administrator).toBe(
      false,
    );
    expect((await get(ofAnnouncement(draft.announcement.id), agent.token)).statusCode).toBe(404);
    expect((await get(ofProperty(draft.property.id), agent.token)).statusCode).toBe(404);
  });

  it('is documented in OpenAPI with its response schema', async () => {
    const doc = (await get('/api/docs/json')).json<{
      paths: Record<string, { get?: { summary?: string; responses?: Record<string, unknown> } }>;
    }>();
    for (const path of [
      '/api/announcement/{id}/administrator',
      '/api/announcement/property/{id}/administrator',
    ]) {
      expect(doc.paths[path]?.get?.summary, path).toMatch(/administers/);
      expect(JSON.stringify(doc.paths[path]?.get?.responses?.['200']), path).toContain('administrator');
    }
  });
});
