import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyOffer, MyOffersPage } from '@casaoferta/domain/schemas/offers';
import { createAnnouncement, createOffer } from '../../db/factories';
import { createSession } from '../../platform/auth';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import { endOffersOfAnnouncements } from './decide';

/**
 * Issue 23 point 5: a decided offer (selected, not selected with the owner's reason, ended) is news for
 * its candidate, listed by GET /api/tenant/offers?outcome=unseen and out of the offer lists, until they
 * open it; "seen" is stored with the offer, so it holds on every device.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithSession>>;
let laura: Awaited<ReturnType<typeof userWithSession>>;
let pablo: Awaited<ReturnType<typeof userWithSession>>;
let agent: Awaited<ReturnType<typeof agentWithSession>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db, { name: 'Olga', surname: 'Dueña Ruiz' });
  laura = await userWithSession(t.database.db, { name: 'Laura', surname: 'García López' });
  pablo = await userWithSession(t.database.db, { name: 'Pablo', surname: 'Núñez' });
  agent = await agentWithSession(t.database.db, 'supervisor');
});
afterAll(() => t.close());

const db = () => t.database.db;
const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const unseen = async (token: string) =>
  (await call('GET', '/api/tenant/offers?outcome=unseen', token)).json<{ data: MyOffer[] }>().data;
const listed = async (token: string, status: 'active' | 'closed' | 'all') =>
  (await call('POST', '/api/announcement/offers/search', token, { status })).json<{ data: MyOffersPage }>()
    .data.items;
const open = (announcementId: string, offerId: string, token: string) =>
  call('GET', `/api/announcement/${announcementId}/offer/${offerId}`, token);

describe('decided offers shown first until opened (issue 23)', () => {
  it('lists the outcome with its reason for each candidate, out of the lists, until each opens it', async () => {
    const { announcement } = await createAnnouncement(db(), owner.user.id);
    const lauras = await createOffer(db(), announcement.id, laura.user.id, { amount: 1100 });
    const pablos = await createOffer(db(), announcement.id, pablo.user.id, { amount: 900 });
    expect(await unseen(pablo.token)).toEqual([]);

    const selected = await call(
      'POST',
      `/api/announcement/${announcement.id}/offer/${lauras.id}/select-tenant`,
      owner.token,
      { reasonCode: 'ODR002' },
    );
    expect(selected.statusCode).toBe(200);

    expect(await unseen(pablo.token)).toMatchObject([
      {
        id: pablos.id,
        statusCode: 'OSC004',
        decisionReasonCode: 'ODR002',
        announcement: { id: announcement.id },
      },
    ]);
    expect(await unseen(laura.token)).toMatchObject([{ id: lauras.id, statusCode: 'OSC002' }]);
    // Shown first, not twice: the lists leave it out meanwhile.
    expect((await listed(pablo.token, 'closed')).map((o) => o.id)).not.toContain(pablos.id);
    expect((await listed(pablo.token, 'all')).map((o) => o.id)).not.toContain(pablos.id);
    expect((await listed(laura.token, 'active')).map((o) => o.id)).not.toContain(lauras.id);

    // An agent acting as Pablo opening it does not make it seen.
    const asPablo = await createSession(db(), {
      userId: pablo.user.id,
      kind: 'impersonation',
      agentId: agent.agent.id,
      reason: 'Ayuda con sus ofertas',
    });
    expect((await open(announcement.id, pablos.id, asPablo.token)).statusCode).toBe(200);
    expect(await unseen(pablo.token)).toHaveLength(1);

    // Pablo opens it on his phone: on his other device it is no longer news, and it is in Finalizadas.
    expect((await open(announcement.id, pablos.id, pablo.token)).statusCode).toBe(200);
    const otherDevice = await createSession(db(), { userId: pablo.user.id, kind: 'user' });
    expect(await unseen(otherDevice.token)).toEqual([]);
    expect((await listed(otherDevice.token, 'closed')).map((o) => o.id)).toContain(pablos.id);
    // Laura's is still news until she opens hers; then it is among her active offers.
    expect(await unseen(laura.token)).toHaveLength(1);
    expect((await open(announcement.id, lauras.id, laura.token)).statusCode).toBe(200);
    expect(await unseen(laura.token)).toEqual([]);
    expect((await listed(laura.token, 'active')).map((o) => o.id)).toContain(lauras.id);
    // Opening it again changes nothing; the owner opening it marks nothing for the candidate.
    expect((await open(announcement.id, lauras.id, laura.token)).statusCode).toBe(200);
    expect((await open(announcement.id, lauras.id, owner.token)).statusCode).toBe(200);
    expect(await unseen(laura.token)).toEqual([]);
  });

  it('makes a later outcome news again: the selected offer ended by the announcement', async () => {
    const { announcement } = await createAnnouncement(db(), owner.user.id);
    const news = async () => (await unseen(laura.token)).filter((o) => o.announcement.id === announcement.id);
    const lauras = await createOffer(db(), announcement.id, laura.user.id, { amount: 1100 });
    await call(
      'POST',
      `/api/announcement/${announcement.id}/offer/${lauras.id}/select-tenant`,
      owner.token,
      {},
    );
    expect((await open(announcement.id, lauras.id, laura.token)).statusCode).toBe(200);
    expect(await news()).toEqual([]);
    await db().transaction((tx) => endOffersOfAnnouncements(tx, [announcement.id]));
    expect(await news()).toMatchObject([{ id: lauras.id, statusCode: 'OSC005' }]);
  });

  it('lists nothing for offers still waiting, withdrawn ones, or another person’s', async () => {
    const { announcement } = await createAnnouncement(db(), owner.user.id);
    await createOffer(db(), announcement.id, laura.user.id, { amount: 1000 });
    await createOffer(db(), announcement.id, pablo.user.id, { amount: 1000, statusCode: 'OSC003' });
    const before = await unseen(pablo.token);
    expect(before.map((o) => o.announcement.id)).not.toContain(announcement.id);
    expect((await unseen(owner.token)).map((o) => o.announcement.id)).not.toContain(announcement.id);
    const refused = await call('GET', '/api/tenant/offers?outcome=all', pablo.token);
    expect(refused.statusCode).toBe(400);
  });
});
