import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfferStatus } from '@casaoferta/domain/codes';
import type { AnnouncementTenants, AnnouncementUnlockPrice } from '@casaoferta/domain/schemas/payments';
import { createAnnouncement, createOffer } from '../../db/factories';
import { createSession } from '../../platform/auth';
import { SandboxProvider } from '../../platform/payments/sandbox';
import type { TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import { errorCode, paymentTestApp } from './payment-test-support';

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithSession>>;
let stranger: Awaited<ReturnType<typeof userWithSession>>;
let laura: Awaited<ReturnType<typeof userWithSession>>;
let pedro: Awaited<ReturnType<typeof userWithSession>>;
let agent: Awaited<ReturnType<typeof agentWithSession>>;
beforeAll(async () => {
  t = await paymentTestApp(new SandboxProvider());
  owner = await userWithSession(t.database.db, { name: 'Olga', surname: 'Dueña Ruiz' });
  stranger = await userWithSession(t.database.db, { name: 'Sergio', surname: 'Extraño' });
  laura = await userWithSession(t.database.db, { name: 'Laura', surname: 'Zamora López', isVerified: true });
  pedro = await userWithSession(t.database.db, { name: 'Pedro', surname: 'Ibáñez Roca' });
  agent = await agentWithSession(t.database.db, 'supervisor');
});
afterAll(() => t.close());

const get = (path: string, token: string | null = owner.token) =>
  t.app.inject({ method: 'GET', url: path, headers: token ? bearer(token) : {} });
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

/** A rental of Olga's with Laura's 1.150 € offer, Pedro's visit request and a withdrawn 1.300 € offer. */
async function withCandidates(isPaid: boolean) {
  const { announcement } = await createAnnouncement(t.database.db, owner.user.id, { isPaid });
  const old = new Date(Date.now() - 60_000);
  const offer = await createOffer(t.database.db, announcement.id, laura.user.id, {
    amount: 1150,
    createdAt: old,
  });
  const visit = await createOffer(t.database.db, announcement.id, pedro.user.id, {
    amount: 0,
    isVisitRequest: true,
  });
  await createOffer(t.database.db, announcement.id, stranger.user.id, {
    amount: 1300,
    statusCode: OfferStatus.Withdrawn,
  });
  return { announcement, offer, visit };
}

describe('GET /api/announcement/:id/unlock-price', () => {
  it('while locked: the price of the kind, VAT split, and how many offer amounts it hides', async () => {
    const { announcement } = await withCandidates(false);
    const response = await get(`/api/announcement/${announcement.id}/unlock-price`);
    expect(response.statusCode).toBe(200);
    expect(dataOf<AnnouncementUnlockPrice>(response)).toEqual({
      announcementId: announcement.id,
      unlocked: false,
      priceCents: 4900,
      baseCents: 4050,
      vatCents: 850,
      vatPercent: 21,
      currency: 'EUR',
      // Laura's offer; Pedro's visit request has no amount, the withdrawn offer is not in course.
      lockedOffers: 1,
      paidAt: null,
      paidByAgent: false,
    });
  });

  it('once paid: unlocked, nothing locked, since when', async () => {
    const paidAt = new Date('2026-11-20T10:00:00Z');
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id, {
      isPaid: true,
      paidAt,
      typeCode: 'ATY003',
      price: 240_000,
    });
    await createOffer(t.database.db, announcement.id, laura.user.id, { amount: 230_000 });
    const data = dataOf<AnnouncementUnlockPrice>(
      await get(`/api/announcement/${announcement.id}/unlock-price`),
    );
    expect(data).toMatchObject({
      unlocked: true,
      priceCents: 14900,
      lockedOffers: 0,
      paidAt: paidAt.toISOString(),
      paidByAgent: false,
    });
  });

  it('404 for another owner and an unknown id, 401 for a visitor, 403 for an agent as himself', async () => {
    const { announcement } = await withCandidates(false);
    const url = `/api/announcement/${announcement.id}/unlock-price`;
    const other = await get(url, stranger.token);
    expect(other.statusCode).toBe(404);
    expect(errorCode(other)).toBe('NOT_FOUND');
    expect((await get(`/api/announcement/${randomUUID()}/unlock-price`)).statusCode).toBe(404);
    expect((await get(url, null)).statusCode).toBe(401);
    expect((await get(url, agent.token)).statusCode).toBe(403);
    expect((await get('/api/announcement/no-es-un-id/unlock-price')).statusCode).toBe(400);
    // An agent acting as the owner reads what the owner reads.
    const asOwner = await createSession(t.database.db, {
      userId: owner.user.id,
      kind: 'impersonation',
      agentId: agent.agent.id,
    });
    expect((await get(url, asOwner.token)).statusCode).toBe(200);
  });
});

describe('GET /api/announcement/:id/tenants', () => {
  it('while locked: display names and what each asked for; no amount, surname or phone', async () => {
    const { announcement, offer, visit } = await withCandidates(false);
    const response = await get(`/api/announcement/${announcement.id}/tenants`);
    expect(response.statusCode).toBe(200);
    const data = dataOf<AnnouncementTenants>(response);
    expect(data.unlocked).toBe(false);
    // Newest first: the order tells nothing of the amounts.
    expect(data.tenants.map((tenant) => tenant.offerId)).toEqual([visit.id, offer.id]);
    expect(data.tenants[1]).toMatchObject({
      displayName: 'Laura Z.',
      isVerified: true,
      isVisitRequest: false,
      offerStatusCode: OfferStatus.Sent,
      name: null,
      surname: null,
      phoneNumber: null,
      amount: null,
      amountLocked: true,
    });
    expect(data.tenants[0]).toMatchObject({
      displayName: 'Pedro I.',
      isVisitRequest: true,
      amount: null,
      amountLocked: false,
      phoneNumber: null,
    });
    for (const secret of [':1150', ':1300', 'Zamora', 'Ibáñez', 'Extraño', laura.user.phoneNumber ?? '']) {
      expect(response.body, secret).not.toContain(secret);
    }
  });

  it('once paid: full names, phones and amounts', async () => {
    const { announcement } = await withCandidates(true);
    const data = dataOf<AnnouncementTenants>(await get(`/api/announcement/${announcement.id}/tenants`));
    expect(data.unlocked).toBe(true);
    expect(data.tenants[1]).toMatchObject({
      displayName: 'Laura Z.',
      name: 'Laura',
      surname: 'Zamora López',
      phoneNumber: laura.user.phoneNumber,
      amount: 1150,
      amountLocked: false,
    });
    expect(data.tenants[0]).toMatchObject({ name: 'Pedro', amount: null, isVisitRequest: true });
    expect(data.tenants).toHaveLength(2);
  });

  it('an announcement without candidates answers an empty list', async () => {
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id);
    const data = dataOf<AnnouncementTenants>(await get(`/api/announcement/${announcement.id}/tenants`));
    expect(data).toEqual({ announcementId: announcement.id, unlocked: false, tenants: [] });
  });

  it('404 for another owner (even a candidate of it), 401 for a visitor, 403 for an agent as himself', async () => {
    const { announcement } = await withCandidates(true);
    const url = `/api/announcement/${announcement.id}/tenants`;
    for (const token of [stranger.token, laura.token]) {
      const response = await get(url, token);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Zamora');
    }
    expect((await get(url, null)).statusCode).toBe(401);
    expect((await get(url, agent.token)).statusCode).toBe(403);
  });
});
