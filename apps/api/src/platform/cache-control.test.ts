import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnnouncement } from '../db/factories';
import { bearer, userWithSession } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/helpers';

let t: TestApp;
let token: string;
let propertyId: string;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await userWithSession(t.database.db);
  token = owner.token;
  propertyId = (await createAnnouncement(t.database.db, owner.user.id)).property.id;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('Cache-Control on private answers', () => {
  it('is no-store on a route for logged users, with or without a session', async () => {
    const mine = await get('/api/user', bearer(token));
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const refused = await get('/api/user');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on a public route asked with a session (the owner sees more of their property)', async () => {
    const res = await get(`/api/property/${propertyId}`, bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/announcement/search',
      headers: bearer(token),
      payload: {},
    });
    expect(search.headers['cache-control']).toBe('no-store');
  });

  it('is left alone on a public answer to a visitor, and where a route sets its own', async () => {
    const res = await get(`/api/property/${propertyId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBeUndefined();
    const masters = await get('/api/masters', bearer(token));
    expect(masters.headers['cache-control']).toBe('no-cache');
  });
});
