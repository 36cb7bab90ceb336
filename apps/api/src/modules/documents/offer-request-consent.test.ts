import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAnnouncement } from '../../db/factories';
import { offerEvents, offers } from '../../db/schema/index';
import { bearer, userWithSession } from '../../test/auth-helpers';
import type { TestApp } from '../../test/helpers';
import { createDocumentsApp, errorCode, makePdf, uploadRequest } from './test-support';

/**
 * Issue 23 point 7: 'Compartir mi documentación con el propietario' is part of the offer request
 * (`shareDocuments`), stored in the offer's own transaction: a refused offer shares nothing, an edit
 * grants or revokes it, a retry changes only the consent. PUT .../documents-share still changes it later.
 */
let t: TestApp & { dataDir: string; documentsDir: string };
let pdf: Buffer;
beforeAll(async () => {
  t = await createDocumentsApp();
  pdf = await makePdf();
});
afterAll(() => t.close());

const db = () => t.database.db;
const inject = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const rentalOffer = (id: string, extra: object = {}) => ({
  id,
  amount: 1000,
  nif: '12345678Z',
  typeContractCode: 'UTC001',
  salary: 2500,
  ...extra,
});
const offersUrl = (announcementId: string) => `/api/announcement/${announcementId}/offers`;
const shareUrl = (announcementId: string, offerId: string) =>
  `/api/announcement/${announcementId}/offer/${offerId}/documents-share`;
const ownersList = (announcementId: string, offerId: string) =>
  `/api/announcement/${announcementId}/offer/${offerId}/documents`;
const offerRow = async (offerId: string) =>
  (await db().select().from(offers).where(eq(offers.id, offerId)))[0];
const eventsOf = (offerId: string) => db().select().from(offerEvents).where(eq(offerEvents.offerId, offerId));

async function scene() {
  const owner = await userWithSession(db(), { name: 'Olga', surname: 'Dueña' });
  const candidate = await userWithSession(db(), { name: 'Laura', surname: 'García López' });
  const { announcement } = await createAnnouncement(db(), owner.user.id, { isPaid: true });
  const uploaded = await uploadRequest(t, candidate.token, '/api/document', {
    name: 'nomina-octubre.pdf',
    type: 'application/pdf',
    bytes: pdf,
  });
  expect(uploaded.statusCode).toBe(201);
  return { owner, candidate, announcement };
}

describe('the sharing choice sent with the offer request (issue 23 point 7)', () => {
  it('shares the documents of a new offer with its owner in the same request', async () => {
    const s = await scene();
    const offerId = randomUUID();
    const sent = await inject(
      'POST',
      offersUrl(s.announcement.id),
      s.candidate.token,
      rentalOffer(offerId, { shareDocuments: true }),
    );
    expect(sent.statusCode).toBe(201);
    const share = await inject('GET', shareUrl(s.announcement.id, offerId), s.candidate.token);
    expect(share.json().data).toEqual({ shared: true, sharedAt: expect.any(String) });
    const list = await inject('GET', ownersList(s.announcement.id, offerId), s.owner.token);
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json().data)).toContain('nomina-octubre.pdf');
  });

  it('leaves a new offer unshared without the choice, or with it unticked', async () => {
    const s = await scene();
    for (const extra of [{}, { shareDocuments: false }]) {
      const { announcement } = await createAnnouncement(db(), s.owner.user.id, { isPaid: true });
      const offerId = randomUUID();
      const sent = await inject('POST', offersUrl(announcement.id), s.candidate.token, {
        ...rentalOffer(offerId),
        ...extra,
      });
      expect(sent.statusCode).toBe(201);
      expect((await offerRow(offerId))?.documentsSharedAt).toBeNull();
      expect(errorCode(await inject('GET', ownersList(announcement.id, offerId), s.owner.token))).toBe(
        'DOCUMENTS_NOT_SHARED',
      );
    }
  });

  it('shares nothing when the offer is refused: a new one, another one while one is current, or an edit', async () => {
    const s = await scene();
    const url = offersUrl(s.announcement.id);
    // A new offer breaking a rule (no employment section on an incomplete profile): nothing is stored.
    const refusedId = randomUUID();
    const refused = await inject('POST', url, s.candidate.token, {
      id: refusedId,
      amount: 1000,
      shareDocuments: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(await offerRow(refusedId)).toBeUndefined();

    const current = randomUUID();
    expect((await inject('POST', url, s.candidate.token, rentalOffer(current))).statusCode).toBe(201);
    // A second offer while that one is current: 409, and the current one is not shared by it.
    const second = await inject(
      'POST',
      url,
      s.candidate.token,
      rentalOffer(randomUUID(), { shareDocuments: true }),
    );
    expect([second.statusCode, errorCode(second)]).toEqual([409, 'OFFER_ALREADY_ACTIVE']);
    // An edit of the current offer breaking a rule (an amount below the bounds): 422, not shared.
    const edit = await inject(
      'POST',
      url,
      s.candidate.token,
      rentalOffer(current, { amount: 1, shareDocuments: true }),
    );
    expect(edit.statusCode).toBe(422);
    const row = await offerRow(current);
    expect([row?.amount, row?.documentsSharedAt]).toEqual([1000, null]);
    expect(errorCode(await inject('GET', ownersList(s.announcement.id, current), s.owner.token))).toBe(
      'DOCUMENTS_NOT_SHARED',
    );
    // A withdrawn offer's retry answers 409 and shares nothing either.
    expect(
      (
        await inject(
          'PUT',
          `/api/announcement/${s.announcement.id}/offer/${current}/withdraw`,
          s.candidate.token,
        )
      ).statusCode,
    ).toBeLessThan(300);
    const late = await inject('POST', url, s.candidate.token, rentalOffer(current, { shareDocuments: true }));
    expect(late.statusCode).toBe(409);
    expect((await offerRow(current))?.documentsSharedAt).toBeNull();
  });

  it('grants and revokes it with an edit, keeps the first time, and a retry changes only the consent', async () => {
    const s = await scene();
    const offerId = randomUUID();
    const url = offersUrl(s.announcement.id);
    await inject('POST', url, s.candidate.token, rentalOffer(offerId, { shareDocuments: true }));
    const first = (await offerRow(offerId))?.documentsSharedAt;
    expect(first).toBeInstanceOf(Date);

    // An edit that keeps sharing keeps the first time the owner had access.
    expect(
      (
        await inject(
          'POST',
          url,
          s.candidate.token,
          rentalOffer(offerId, { amount: 1050, shareDocuments: true }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await offerRow(offerId))?.documentsSharedAt).toEqual(first);

    // The same terms with the box unticked: the consent goes, and nothing else happens (no new event).
    const events = (await eventsOf(offerId)).length;
    const revoked = await inject(
      'POST',
      url,
      s.candidate.token,
      rentalOffer(offerId, { amount: 1050, shareDocuments: false }),
    );
    expect(revoked.statusCode).toBe(200);
    expect((await offerRow(offerId))?.documentsSharedAt).toBeNull();
    expect(await eventsOf(offerId)).toHaveLength(events);
    expect(errorCode(await inject('GET', ownersList(s.announcement.id, offerId), s.owner.token))).toBe(
      'DOCUMENTS_NOT_SHARED',
    );

    // Without the choice an edit leaves the consent as it is.
    await inject('PUT', shareUrl(s.announcement.id, offerId), s.candidate.token, { shared: true });
    await inject('POST', url, s.candidate.token, rentalOffer(offerId, { amount: 1100 }));
    expect((await offerRow(offerId))?.documentsSharedAt).toBeInstanceOf(Date);
  });

  it('records the choice once when the same offer is sent many times at once', async () => {
    const s = await scene();
    const offerId = randomUUID();
    const body = rentalOffer(offerId, { shareDocuments: true });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => inject('POST', offersUrl(s.announcement.id), s.candidate.token, body)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect((await offerRow(offerId))?.documentsSharedAt).toBeInstanceOf(Date);
    expect((await eventsOf(offerId)).map((event) => event.kind)).toEqual(['sent']);
  });
});
