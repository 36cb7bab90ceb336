import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAnnouncement, createOffer } from '../../db/factories';
import { announcements, documentDownloads, offers } from '../../db/schema/index';
import { createSession } from '../../platform/auth';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import type { TestApp } from '../../test/helpers';
import { addPerson, createDocumentsApp, errorCode, makePdf, uploadRequest } from './test-support';

let t: TestApp & { dataDir: string; documentsDir: string };
let plainPdf: Buffer;
beforeAll(async () => {
  t = await createDocumentsApp();
  plainPdf = await makePdf();
});
afterAll(() => t.close());

const db = () => t.database.db;
type Method = 'GET' | 'PUT';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const logOf = (tenantId: string) =>
  db().select().from(documentDownloads).where(eq(documentDownloads.tenantId, tenantId));

/**
 * An owner with a live rental titled "Piso luminoso en Chamberí", paid unless `isPaid` is false (the
 * owner reads shared documents only then, decision 026), a candidate with a sent offer on it, a
 * document of the candidate's own and one of their guarantor's.
 */
async function scene(isPaid = true) {
  const owner = await userWithSession(db(), { name: 'Olga', surname: 'Dueña' });
  const candidate = await userWithSession(db(), { name: 'Laura', surname: 'García López' });
  const stranger = await userWithSession(db(), { name: 'Sergio', surname: 'Extraño' });
  const { announcement } = await createAnnouncement(db(), owner.user.id, {
    customTitle: 'Piso luminoso en Chamberí',
    isPaid,
  });
  const offer = await createOffer(db(), announcement.id, candidate.user.id);
  const guarantor = await addPerson(db(), candidate.user.id, 'guarantor', 'Marta');
  const upload = async (url: string) =>
    (
      await uploadRequest(t, candidate.token, url, {
        name: 'nomina.pdf',
        type: 'application/pdf',
        bytes: plainPdf,
      })
    ).json().data.id as string;
  const ownDocument = await upload('/api/document');
  const guarantorDocument = await upload(`/api/document/guarantor/${guarantor}`);
  const base = `/api/announcement/${announcement.id}/offer/${offer.id}`;
  return { owner, candidate, stranger, announcement, offer, guarantor, ownDocument, guarantorDocument, base };
}

describe('the candidate’s consent', () => {
  it('is granted and revoked by the candidate of the offer only; anybody else gets 404', async () => {
    const s = await scene();
    expect((await call('GET', `${s.base}/documents-share`, s.candidate.token)).json().data).toEqual({
      shared: false,
      sharedAt: null,
    });
    for (const token of [s.owner.token, s.stranger.token]) {
      expect((await call('GET', `${s.base}/documents-share`, token)).statusCode).toBe(404);
      expect((await call('PUT', `${s.base}/documents-share`, token, { shared: true })).statusCode).toBe(404);
    }
    const granted = await call('PUT', `${s.base}/documents-share`, s.candidate.token, { shared: true });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data.shared).toBe(true);
    const again = await call('PUT', `${s.base}/documents-share`, s.candidate.token, { shared: true });
    expect(again.json().data.sharedAt).toBe(granted.json().data.sharedAt);
    const revoked = await call('PUT', `${s.base}/documents-share`, s.candidate.token, { shared: false });
    expect(revoked.json().data).toEqual({ shared: false, sharedAt: null });
    expect(
      (await call('PUT', `${s.base}/documents-share`, s.candidate.token, { shared: 'yes' })).statusCode,
    ).toBe(400);
  });

  it('can only be granted on a current offer (409 OFFER_NOT_ACTIVE), and always be revoked', async () => {
    const s = await scene();
    await call('PUT', `${s.base}/documents-share`, s.candidate.token, { shared: true });
    await db().update(offers).set({ statusCode: 'OSC003' }).where(eq(offers.id, s.offer.id));
    const revoke = await call('PUT', `${s.base}/documents-share`, s.candidate.token, { shared: false });
    expect(revoke.statusCode).toBe(200);
    const grant = await call('PUT', `${s.base}/documents-share`, s.candidate.token, { shared: true });
    expect(grant.statusCode).toBe(409);
    expect(errorCode(grant)).toBe('OFFER_NOT_ACTIVE');
    await db().update(offers).set({ statusCode: 'OSC002' }).where(eq(offers.id, s.offer.id));
    expect(
      (await call('PUT', `${s.base}/documents-share`, s.candidate.token, { shared: true })).statusCode,
    ).toBe(200);
  });

  it('is refused when the offer is withdrawn while the grant waits for it (the UPDATE is guarded)', async () => {
    const s = await scene();
    let grant: Promise<{ statusCode: number; json: () => unknown }> | null = null;
    await db().transaction(async (tx) => {
      // The offer row is held by a withdrawal that has not committed yet when the grant arrives.
      await tx.update(offers).set({ statusCode: 'OSC003' }).where(eq(offers.id, s.offer.id));
      grant = call('PUT', `${s.base}/documents-share`, s.candidate.token, { shared: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    const answer = await (grant as unknown as Promise<{ statusCode: number; json: () => unknown }>);
    expect(answer.statusCode).toBe(409);
    expect(errorCode(answer)).toBe('OFFER_NOT_ACTIVE');
    const [row] = await db().select().from(offers).where(eq(offers.id, s.offer.id));
    expect(row?.documentsSharedAt).toBeNull();
  });
});

describe('the owner’s side', () => {
  it('403 without consent, 200 and a log row after it, 403 again after revocation', async () => {
    const s = await scene();
    const list = `${s.base}/documents`;
    const file = `${s.base}/documents/${s.ownDocument}/download`;
    for (const url of [list, file]) {
      const res = await call('GET', url, s.owner.token);
      expect(res.statusCode, url).toBe(403);
      expect(errorCode(res)).toBe('DOCUMENTS_NOT_SHARED');
    }
    expect(await logOf(s.candidate.user.id)).toEqual([]);

    await call('PUT', `${s.base}/documents-share`, s.candidate.token, { shared: true });
    const shared = await call('GET', list, s.owner.token);
    expect(shared.statusCode).toBe(200);
    const { people } = shared.json().data;
    expect(people).toHaveLength(2);
    expect(people[0]).toMatchObject({ personId: null, role: 'tenant', name: 'Laura García López' });
    expect(people[0].documents.map((d: { id: string }) => d.id)).toEqual([s.ownDocument]);
    expect(people[1]).toMatchObject({ personId: s.guarantor, role: 'guarantor', name: 'Marta Ruiz Soto' });
    expect(people[1].documents.map((d: { id: string }) => d.id)).toEqual([s.guarantorDocument]);

    const got = await call('GET', file, s.owner.token);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(plainPdf)).toBe(true);
    expect(got.headers['content-disposition']).toMatch(/^attachment; /);
    const guarantors = await call(
      'GET',
      `${s.base}/documents/${s.guarantorDocument}/download`,
      s.owner.token,
    );
    expect(guarantors.statusCode).toBe(200);
    const log = await logOf(s.candidate.user.id);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ byRole: 'owner', byUserId: s.owner.user.id, offerId: s.offer.id });

    await call('PUT', `${s.base}/documents-share`, s.candidate.token, { shared: false });
    for (const url of [list, file]) {
      expect((await call('GET', url, s.owner.token)).statusCode, url).toBe(403);
    }
    expect(await logOf(s.candidate.user.id)).toHaveLength(2);

    // Consent lasts while the offer is current: once withdrawn, the owner reads nothing more.
    await call('PUT', `${s.base}/documents-share`, s.candidate.token, { shared: true });
    expect((await call('GET', list, s.owner.token)).statusCode).toBe(200);
    await db().update(offers).set({ statusCode: 'OSC003' }).where(eq(offers.id, s.offer.id));
    for (const url of [list, file]) {
      const res = await call('GET', url, s.owner.token);
      expect(res.statusCode, url).toBe(403);
      expect(errorCode(res)).toBe('DOCUMENTS_NOT_SHARED');
    }
  });

  it('is the announcement owner’s only: anybody else, another announcement or another candidate’s document is 404', async () => {
    const s = await scene();
    await call('PUT', `${s.base}/documents-share`, s.candidate.token, { shared: true });
    const file = `${s.base}/documents/${s.ownDocument}/download`;
    for (const token of [s.stranger.token, s.candidate.token]) {
      expect((await call('GET', `${s.base}/documents`, token)).statusCode).toBe(404);
      expect((await call('GET', file, token)).statusCode).toBe(404);
    }
    // The owner's other announcement does not reach this offer.
    const { announcement: other } = await createAnnouncement(db(), s.owner.user.id);
    expect(
      (await call('GET', `/api/announcement/${other.id}/offer/${s.offer.id}/documents`, s.owner.token))
        .statusCode,
    ).toBe(404);
    // A document of someone who is not this offer's candidate.
    const third = await scene();
    expect(
      (await call('GET', `${s.base}/documents/${third.ownDocument}/download`, s.owner.token)).statusCode,
    ).toBe(404);
    expect(await logOf(third.candidate.user.id)).toEqual([]);
  });

  it('stays locked on an unpaid announcement even with consent: 402 ANNOUNCEMENT_NOT_PAID, no name, nothing logged', async () => {
    const s = await scene(false);
    const file = `${s.base}/documents/${s.ownDocument}/download`;
    // Without consent the answer is still the consent's.
    expect(errorCode(await call('GET', `${s.base}/documents`, s.owner.token))).toBe('DOCUMENTS_NOT_SHARED');
    await call('PUT', `${s.base}/documents-share`, s.candidate.token, { shared: true });
    for (const url of [`${s.base}/documents`, file]) {
      const response = await call('GET', url, s.owner.token);
      expect([response.statusCode, errorCode(response)]).toEqual([402, 'ANNOUNCEMENT_NOT_PAID']);
      expect(response.body).not.toContain('García');
    }
    expect(await logOf(s.candidate.user.id)).toEqual([]);
    await db().update(announcements).set({ isPaid: true }).where(eq(announcements.id, s.announcement.id));
    expect((await call('GET', `${s.base}/documents`, s.owner.token)).json().data.people[0].name).toBe(
      'Laura García López',
    );
    expect((await call('GET', file, s.owner.token)).statusCode).toBe(200);
  });

  it('refuses a download the moment consent is revoked, even one waiting on the offer row', async () => {
    const s = await scene();
    await call('PUT', `${s.base}/documents-share`, s.candidate.token, { shared: true });
    let download: Promise<{ statusCode: number; json: () => unknown }> | null = null;
    await db().transaction(async (tx) => {
      await tx.update(offers).set({ documentsSharedAt: null }).where(eq(offers.id, s.offer.id));
      download = call('GET', `${s.base}/documents/${s.ownDocument}/download`, s.owner.token);
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    const answer = await (download as unknown as Promise<{ statusCode: number; json: () => unknown }>);
    expect(answer.statusCode).toBe(403);
    expect(await logOf(s.candidate.user.id)).toEqual([]);
  });
});

describe('agents', () => {
  it('download any user’s document with the documents permission, logged as the agent', async () => {
    const s = await scene();
    const { agent, token } = await agentWithSession(db(), 'agent');
    const url = `/api/agents/users/${s.candidate.user.id}/documents/${s.guarantorDocument}/download`;
    const got = await call('GET', url, token);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(plainPdf)).toBe(true);
    const [log] = await logOf(s.candidate.user.id);
    expect(log).toMatchObject({ byRole: 'agent', byUserId: agent.id, offerId: null });
    // Another user's id in the path: 404; a person's own session: 403.
    expect(
      (
        await call(
          'GET',
          `/api/agents/users/${s.owner.user.id}/documents/${s.guarantorDocument}/download`,
          token,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', url, s.candidate.token)).statusCode).toBe(403);
  });
});

describe('the download log', () => {
  it('lists who downloaded my files, newest first, in Spanish', async () => {
    const s = await scene();
    await call('PUT', `${s.base}/documents-share`, s.candidate.token, { shared: true });
    const { agent, token } = await agentWithSession(db(), 'agent');
    const asCandidate = await createSession(db(), {
      userId: s.candidate.user.id,
      kind: 'impersonation',
      agentId: agent.id,
      reason: 'Soporte',
    });
    const steps = [
      () => call('GET', `/api/document/download?documentId=${s.ownDocument}`, s.candidate.token),
      () => call('GET', `${s.base}/documents/${s.ownDocument}/download`, s.owner.token),
      () =>
        call('GET', `/api/agents/users/${s.candidate.user.id}/documents/${s.ownDocument}/download`, token),
      () =>
        call(
          'GET',
          `/api/document/download/guarantor/${s.guarantor}?documentId=${s.guarantorDocument}`,
          asCandidate.token,
        ),
    ];
    for (const step of steps) {
      expect((await step()).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const res = await call('GET', '/api/document/downloads', s.candidate.token);
    expect(res.statusCode).toBe(200);
    const labels = res
      .json()
      .data.map((d: { byRole: string; byLabel: string; fileName: string }) => [
        d.byRole,
        d.byLabel,
        d.fileName,
      ]);
    expect(labels).toEqual([
      ['agent', 'Equipo de Casaoferta', 'nomina.pdf'],
      ['agent', 'Equipo de Casaoferta', 'nomina.pdf'],
      ['owner', 'Propietario de «Piso luminoso en Chamberí»', 'nomina.pdf'],
      ['tenant', 'Tú', 'nomina.pdf'],
    ]);
    // Nobody else reads it: the owner's own log is theirs (empty).
    expect((await call('GET', '/api/document/downloads', s.owner.token)).json().data).toEqual([]);
    // A deleted file keeps its lines, without the id.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/document/${s.ownDocument}`,
      headers: bearer(s.candidate.token),
    });
    const after = (await call('GET', '/api/document/downloads', s.candidate.token)).json().data;
    expect(after.filter((d: { documentId: string | null }) => d.documentId === null)).toHaveLength(3);
    const [announcement] = await db()
      .select({ title: announcements.customTitle })
      .from(announcements)
      .where(and(eq(announcements.id, s.announcement.id)));
    expect(announcement?.title).toBe('Piso luminoso en Chamberí');
  });
});
