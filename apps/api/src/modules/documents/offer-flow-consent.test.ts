import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnnouncement } from '../../db/factories';
import { bearer, userWithSession } from '../../test/auth-helpers';
import type { TestApp } from '../../test/helpers';
import { createDocumentsApp, errorCode, makePdf, uploadRequest } from './test-support';

/**
 * Issue 23 point 7: the offer flow sends the candidate's choice with the offer, through the per-offer
 * consent of decision 016 keyed by the offer's client uuid. What the web relies on: the consent lands on
 * that offer only, a retry of the offer keeps it, the owner reads it (locked until paid, decision 026),
 * and a revoked consent is what the next offer starts from.
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
const rentalOffer = (id: string, amount = 1000) => ({
  id,
  amount,
  nif: '12345678Z',
  typeContractCode: 'UTC001',
  salary: 2500,
});

async function scene() {
  const owner = await userWithSession(db(), { name: 'Olga', surname: 'Dueña' });
  const otherOwner = await userWithSession(db(), { name: 'Pedro', surname: 'Otro' });
  const candidate = await userWithSession(db(), { name: 'Laura', surname: 'García López' });
  const paid = (await createAnnouncement(db(), owner.user.id, { isPaid: true })).announcement;
  const unpaid = (await createAnnouncement(db(), otherOwner.user.id, { isPaid: false })).announcement;
  const uploaded = await uploadRequest(t, candidate.token, '/api/document', {
    name: 'nomina-octubre.pdf',
    type: 'application/pdf',
    bytes: pdf,
  });
  expect(uploaded.statusCode).toBe(201);
  return { owner, otherOwner, candidate, paid, unpaid };
}

const share = (announcementId: string, offerId: string) =>
  `/api/announcement/${announcementId}/offer/${offerId}/documents-share`;
const ownersList = (announcementId: string, offerId: string) =>
  `/api/announcement/${announcementId}/offer/${offerId}/documents`;

describe('consent sent with the offer from the offer flow (issue 23 point 7)', () => {
  it('is recorded on the offer of the client uuid, survives a retry of the offer, and shows to its owner', async () => {
    const s = await scene();
    const offerId = randomUUID();
    expect(
      (await inject('POST', `/api/announcement/${s.paid.id}/offers`, s.candidate.token, rentalOffer(offerId)))
        .statusCode,
    ).toBe(201);
    // Before the choice: the owner sees nothing shared.
    expect(errorCode(await inject('GET', ownersList(s.paid.id, offerId), s.owner.token))).toBe(
      'DOCUMENTS_NOT_SHARED',
    );

    const granted = await inject('PUT', share(s.paid.id, offerId), s.candidate.token, { shared: true });
    expect(granted.statusCode).toBe(200);
    // The flow's retry of the same offer (same uuid, same terms) and of the same choice change nothing.
    expect(
      (await inject('POST', `/api/announcement/${s.paid.id}/offers`, s.candidate.token, rentalOffer(offerId)))
        .statusCode,
    ).toBe(200);
    const again = await inject('PUT', share(s.paid.id, offerId), s.candidate.token, { shared: true });
    expect(again.json().data).toEqual(granted.json().data);

    const list = await inject('GET', ownersList(s.paid.id, offerId), s.owner.token);
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json().data)).toContain('nomina-octubre.pdf');
  });

  it('is per offer: another offer of the same candidate is not shared, and unpaid reads as shared but locked', async () => {
    const s = await scene();
    const first = randomUUID();
    const second = randomUUID();
    await inject('POST', `/api/announcement/${s.paid.id}/offers`, s.candidate.token, rentalOffer(first));
    await inject('POST', `/api/announcement/${s.unpaid.id}/offers`, s.candidate.token, rentalOffer(second));
    await inject('PUT', share(s.paid.id, first), s.candidate.token, { shared: true });

    expect((await inject('GET', share(s.unpaid.id, second), s.candidate.token)).json().data.shared).toBe(
      false,
    );
    expect(errorCode(await inject('GET', ownersList(s.unpaid.id, second), s.otherOwner.token))).toBe(
      'DOCUMENTS_NOT_SHARED',
    );
    // Another offer's uuid on this announcement is nobody's consent to give.
    expect(
      (await inject('PUT', share(s.unpaid.id, first), s.candidate.token, { shared: true })).statusCode,
    ).toBe(404);

    await inject('PUT', share(s.unpaid.id, second), s.candidate.token, { shared: true });
    // Shared, locked until the owner pays (decision 026).
    expect(errorCode(await inject('GET', ownersList(s.unpaid.id, second), s.otherOwner.token))).toBe(
      'ANNOUNCEMENT_NOT_PAID',
    );
  });

  it('respects a withdrawn consent: the owner loses access and the next offer starts from it', async () => {
    const s = await scene();
    const offerId = randomUUID();
    await inject('POST', `/api/announcement/${s.paid.id}/offers`, s.candidate.token, rentalOffer(offerId));
    await inject('PUT', share(s.paid.id, offerId), s.candidate.token, { shared: true });
    expect((await inject('GET', ownersList(s.paid.id, offerId), s.owner.token)).statusCode).toBe(200);

    await inject('PUT', share(s.paid.id, offerId), s.candidate.token, { shared: false });
    expect(errorCode(await inject('GET', ownersList(s.paid.id, offerId), s.owner.token))).toBe(
      'DOCUMENTS_NOT_SHARED',
    );
    // Editing the offer (a new amount) does not bring the consent back.
    expect(
      (
        await inject(
          'POST',
          `/api/announcement/${s.paid.id}/offers`,
          s.candidate.token,
          rentalOffer(offerId, 1050),
        )
      ).statusCode,
    ).toBe(200);
    expect((await inject('GET', share(s.paid.id, offerId), s.candidate.token)).json().data.shared).toBe(
      false,
    );

    // What the flow reads for the next offer: my newest offer, and its (revoked) consent.
    const page = await inject('POST', '/api/announcement/offers/search', s.candidate.token, {
      status: 'all',
      limit: 1,
    });
    expect(page.json().data.items[0].id).toBe(offerId);
    expect((await inject('GET', share(s.paid.id, offerId), s.candidate.token)).json().data).toEqual({
      shared: false,
      sharedAt: null,
    });
  });
});
